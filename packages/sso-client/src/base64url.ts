/** Minimal base64url helpers (no padding), enough for PKCE and for reading JWT payloads. */

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** Decodes base64url (padding optional) into bytes; throws on characters outside the alphabet. */
export function base64UrlDecode(input: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(input) || input.replace(/=+$/, '').length % 4 === 1) {
    throw new Error('Invalid base64url value')
  }
  const base64 = input.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
