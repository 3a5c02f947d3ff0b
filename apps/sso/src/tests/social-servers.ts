import { createServer, type Server } from 'node:http'
import { exportJWK, generateKeyPair } from 'jose'
import Provider from 'oidc-provider'
import { ISSUER, freePort } from '../testing/harness.ts'

/**
 * The outside parties of the social sign-in tests (sso-security.md group F), each a real server on 127.0.0.1:
 * an OpenID provider (`oidc-provider`) that plays Google, and a JWKS endpoint with a real RS256 key
 * for Google One Tap.
 */
const listen = (server: Server, port: number) =>
  new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))

export interface UpstreamProfile {
  email: string
  email_verified: boolean
  name: string
}

export interface UpstreamProvider {
  issuer: string
  /** The profiles the provider knows, by account id. */
  accounts: Record<string, UpstreamProfile>
  /** The account the next login interaction signs in as. */
  nextAccount: string
  /** Requests the provider has received. */
  hits: number
  close: () => Promise<void>
}

/** Starts the upstream provider: client `loa-sso` (Google, OIDC), back to the SSO. */
export async function startUpstreamProvider(): Promise<UpstreamProvider> {
  const port = await freePort()
  const issuer = `http://127.0.0.1:${port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'loa-sso',
        client_secret: 'upstream-secret-value',
        redirect_uris: [`${ISSUER}/api/v1/auth/google/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({ sub: id, ...upstream.accounts[id] }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    cookies: { keys: ['upstream-cookie-key-for-tests'] },
  })
  const callback = provider.callback()
  const server = createServer((req, res) => {
    upstream.hits++
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res)
    void (async () => {
      const details = await provider.interactionDetails(req, res)
      if (details.prompt.name === 'login')
        return provider.interactionFinished(
          req,
          res,
          { login: { accountId: upstream.nextAccount } },
          { mergeWithLastSubmission: false },
        )
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: details.params.client_id as string,
      })
      grant.addOIDCScope('openid email profile')
      return provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      )
    })().catch((error: unknown) => {
      res.statusCode = 500
      res.end(String(error))
    })
  })
  const upstream: UpstreamProvider = {
    issuer,
    accounts: {},
    nextAccount: '',
    hits: 0,
    close: () => close(server),
  }
  await listen(server, port)
  return upstream
}

export interface GoogleJwks {
  url: string
  /** The private half of the key the endpoint publishes (kid `google-test-key`). */
  privateKey: CryptoKey
  close: () => Promise<void>
}

/** Starts a JWKS endpoint publishing one fresh RS256 public key, as Google's certs endpoint does. */
export async function startGoogleJwks(): Promise<GoogleJwks> {
  const pair = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'google-test-key', alg: 'RS256', use: 'sig' }
  const port = await freePort()
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ keys: [jwk] }))
  })
  await listen(server, port)
  return { url: `http://127.0.0.1:${port}/certs`, privateKey: pair.privateKey, close: () => close(server) }
}
