import { importSPKI, type CryptoKey, type JWTVerifyGetKey } from 'jose'

/** How long a realm key is trusted before the realm info is read again (Keycloak exposes only the active key). */
const REALM_KEY_TTL_MS = 5 * 60_000
const FETCH_TIMEOUT_MS = 5_000

/** A realm-info `public_key` (base64 SPKI DER, no PEM lines) wrapped as a PEM public key (spec §7). */
export const pemFromRealmPublicKey = (publicKey: string): string => {
  const body = publicKey.replace(/\s+/g, '')
  if (!body || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) throw new Error('realm public_key is not base64')
  const lines = body.match(/.{1,64}/g) ?? []
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`
}

/**
 * Verification keys from an identity server's realm info (`GET {realm}` → `{public_key}`, Keycloak's
 * PublishedRealmRepresentation): the alternative to the JWKS that lets the product run against an existing
 * Keycloak realm. The key is cached for five minutes; a failed read is retried on the next token.
 */
export const realmPublicKeySource = (
  realmInfoUrl: string,
  fetchImpl: typeof fetch = fetch,
  now: () => number = Date.now,
): JWTVerifyGetKey => {
  let cached: { key: Promise<CryptoKey>; at: number } | undefined
  const load = async (): Promise<CryptoKey> => {
    const response = await fetchImpl(realmInfoUrl, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    })
    if (!response.ok) throw new TypeError(`realm info answered ${response.status}`)
    const info = (await response.json()) as { public_key?: unknown }
    if (typeof info.public_key !== 'string') throw new TypeError('realm info has no public_key')
    return importSPKI(pemFromRealmPublicKey(info.public_key), 'RS256')
  }
  return async () => {
    if (!cached || now() - cached.at > REALM_KEY_TTL_MS) {
      const entry = { key: load(), at: now() }
      cached = entry
      entry.key.catch(() => {
        if (cached === entry) cached = undefined
      })
    }
    return cached.key
  }
}
