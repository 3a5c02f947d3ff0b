import { base64UrlEncode } from './base64url.ts'
import { PKCE_VERIFIER_BYTES } from './constants.ts'

function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length)
  globalThis.crypto.getRandomValues(bytes)
  return bytes
}

/** A PKCE code verifier: base64url of 32 random bytes = 43 characters (RFC 7636 §4.1 recommendation). */
export function createCodeVerifier(): string {
  return base64UrlEncode(randomBytes(PKCE_VERIFIER_BYTES))
}

/** The S256 code challenge: base64url(sha256(ascii(verifier))), no padding. */
export async function createCodeChallenge(verifier: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return base64UrlEncode(new Uint8Array(digest))
}

/** An unguessable one-time value for `state` and `nonce` (128 bits). */
export function createRandomToken(): string {
  return base64UrlEncode(randomBytes(16))
}
