import { openTestDatabase, type Database } from '@loa/db'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose'
import { loadApiConfig, type ApiConfig } from '../config.ts'
import { buildApiApp } from '../app.ts'
import { createLocalStorage, type Storage } from '@loa/storage'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const ISSUER = 'http://sso.test'

/**
 * Test fixture for the one external dependency of auth, the SSO: an RS256 key pair generated here, its
 * public half served to the API as a local JWKS, and a signer for access tokens shaped like the SSO's.
 */
export const createTestSso = async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
  const jwks = createLocalJWKSet({ keys: [jwk] })
  const sign = async (
    claims: JWTPayload & { sub: string },
    options: { expiresIn?: string | number; issuer?: string; key?: CryptoKey } = {},
  ) =>
    new SignJWT({ aud: 'loa-web', azp: 'loa-web', typ: 'Bearer', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(options.issuer ?? ISSUER)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '5m')
      .sign(options.key ?? privateKey)
  return { jwks, sign }
}
export type TestSso = Awaited<ReturnType<typeof createTestSso>>

export interface TestApi {
  app: FastifyInstance
  storage?: Storage
  database: Database
  config: ApiConfig
  sso: TestSso
  /** Bearer token for a user (roles on loa-api optional). */
  token: (sub: string, extra?: JWTPayload & { roles?: string[] }) => Promise<string>
  call: (options: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>
  close: () => Promise<void>
}

export const startTestApi = async (
  options: { env?: Record<string, string>; storage?: Storage | false } = {},
): Promise<TestApi> => {
  const database = await openTestDatabase()
  // The session check asks the real SSO (tested with it in bin/loa); this harness has only its keys.
  const config = loadApiConfig({
    SSO_PUBLIC_URL: ISSUER,
    DATA_DIR: '/nonexistent',
    API_SESSION_CHECK: 'false',
    ...options.env,
  })
  const sso = await createTestSso()
  // Real local file storage in a temporary directory (what embedded mode uses under $DATA_DIR/files).
  const filesDir = mkdtempSync(path.join(tmpdir(), 'loa-api-test-'))
  const storage =
    options.storage === false
      ? undefined
      : (options.storage ??
        createLocalStorage({
          root: filesDir,
          signingSecret: 'test-signing-secret-0123456789',
          publicBaseUrl: `${config.publicUrl}/api/v1/files`,
        }))
  const app = await buildApiApp({ config, database, storage, jwks: sso.jwks })
  const token = (sub: string, extra: JWTPayload & { roles?: string[] } = {}) => {
    const { roles, ...rest } = extra
    return sso.sign({
      sub,
      email: `${sub}@example.vn`,
      name: `Người dùng ${sub}`,
      sid: `sid-${sub}`,
      ...(roles ? { resource_access: { 'loa-api': { roles } } } : {}),
      ...rest,
    })
  }
  const call = ({ token: bearer, headers, ...rest }: InjectOptions & { token?: string }) =>
    app.inject({
      ...rest,
      headers: { ...(headers ?? {}), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    })
  return {
    app,
    storage,
    database,
    config,
    sso,
    token,
    call,
    close: async () => {
      await app.close()
      await database.close()
      rmSync(filesDir, { recursive: true, force: true })
    },
  }
}
