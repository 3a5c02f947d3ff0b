import { desc, gt, isNull, or } from 'drizzle-orm'
import { calculateJwkThumbprint, exportJWK, exportSPKI, generateKeyPair, importJWK, type JWK } from 'jose'
import { type Db } from '@loa/db'
import { ssoSigningKeys } from './tables.ts'
import type { Clock } from '../lib/clock.ts'

export interface SigningKey {
  kid: string
  privateKey: CryptoKey
  publicJwk: JWK
}

export interface KeyRing {
  /** The key that signs new tokens. */
  active: () => Promise<SigningKey>
  /** Public keys still trusted: the active one and retired ones within their retention. */
  publicJwks: () => Promise<JWK[]>
  /** Base64 DER SubjectPublicKeyInfo of the active key (Keycloak's realm `public_key`). */
  activePublicKeySpki: () => Promise<string>
  /** Generates a new active key; the previous one stays in the JWKS for `retentionSeconds`. */
  rotate: () => Promise<string>
  /** Forget cached keys (another replica may have rotated). */
  invalidate: () => void
}

const generate = async (db: Db, clock: Clock): Promise<void> => {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true })
  const publicJwk = await exportJWK(publicKey)
  const kid = await calculateJwkThumbprint(publicJwk)
  await db.insert(ssoSigningKeys).values({
    kid,
    alg: 'RS256',
    privateJwk: (await exportJWK(privateKey)) as Record<string, unknown>,
    publicJwk: { ...publicJwk, kid, alg: 'RS256', use: 'sig' } as Record<string, unknown>,
    createdAt: new Date(clock()),
  })
}

export const createKeyRing = (
  db: Db,
  clock: Clock,
  retentionSeconds: number,
  options: { rotateAfterSeconds?: number; cacheMs?: number } = {},
): KeyRing => {
  const cacheMs = options.cacheMs ?? 30_000
  let cache: { at: number; rows: (typeof ssoSigningKeys.$inferSelect)[]; active: SigningKey } | undefined
  let loading: Promise<NonNullable<typeof cache>> | undefined

  const load = async (): Promise<NonNullable<typeof cache>> => {
    const now = new Date(clock())
    const select = () =>
      db
        .select()
        .from(ssoSigningKeys)
        .where(or(isNull(ssoSigningKeys.retiredAt), gt(ssoSigningKeys.expiresAt, now)))
        .orderBy(desc(ssoSigningKeys.createdAt))
    let rows = await select()
    const current = rows.find((r) => r.retiredAt === null)
    if (!current) {
      await generate(db, clock)
      rows = await select()
    } else if (
      options.rotateAfterSeconds &&
      clock() - current.createdAt.getTime() > options.rotateAfterSeconds * 1000
    ) {
      // Scheduled rotation: retire the old key (it stays in the JWKS for the retention period) and make a new one.
      await retireActive(now)
      await generate(db, clock)
      rows = await select()
    }
    const activeRow = rows.find((r) => r.retiredAt === null)!
    const privateKey = (await importJWK(activeRow.privateJwk as JWK, 'RS256')) as CryptoKey
    return {
      at: Date.now(),
      rows,
      active: { kid: activeRow.kid, privateKey, publicJwk: activeRow.publicJwk as JWK },
    }
  }
  const retireActive = async (now: Date) =>
    db
      .update(ssoSigningKeys)
      .set({ retiredAt: now, expiresAt: new Date(now.getTime() + retentionSeconds * 1000) })
      .where(isNull(ssoSigningKeys.retiredAt))
  const get = async () => {
    if (cache && clock() - cache.at < cacheMs && clock() >= cache.at) return cache
    loading ??= load().finally(() => (loading = undefined))
    cache = await loading
    return cache
  }
  return {
    active: async () => (await get()).active,
    publicJwks: async () => (await get()).rows.map((r) => r.publicJwk as JWK),
    activePublicKeySpki: async () => {
      const key = (await importJWK((await get()).active.publicJwk, 'RS256')) as CryptoKey
      const pem = await exportSPKI(key)
      return pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '')
    },
    rotate: async () => {
      await retireActive(new Date(clock()))
      await generate(db, clock)
      cache = undefined
      return (await get()).active.kid
    },
    invalidate: () => {
      cache = undefined
    },
  }
}
