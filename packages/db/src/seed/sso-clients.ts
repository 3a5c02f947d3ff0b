import { ssoClients } from '../schema/sso/index.ts'
import type { SeedFunction } from './types.ts'

/** The web app's pages that may receive an authorization code (docs/ARCHITECTURE.md, "SSO session and tokens"). */
export const WEB_CLIENT_PAGES = [
  '/',
  '/services',
  '/studio',
  '/studio/text-to-speech',
  '/studio/dubbing',
  '/studio/call-prompts',
  '/studio/payments',
  '/console/apps',
  '/admin',
  '/demo',
  '/support',
] as const

export const webClientRedirectUris = (webUrl: string): string[] => {
  const base = webUrl.replace(/\/+$/, '')
  const uris: string[] = []
  for (const page of WEB_CLIENT_PAGES) uris.push(page === '/' ? `${base}/` : `${base}${page}`)
  for (const page of WEB_CLIENT_PAGES) uris.push(page === '/' ? `${base}/en` : `${base}/en${page}`)
  return uris
}

/** Seeds the public PKCE client `loa-web` (insert if absent; an operator's edits are kept). */
export const seedSsoClients: SeedFunction = async ({ db, options }) => {
  const webUrl = options?.webUrl ?? 'http://localhost:3000'
  const base = webUrl.replace(/\/+$/, '')
  await db
    .insert(ssoClients)
    .values({
      id: 'loa-web',
      name: 'Loa',
      redirectUris: webClientRedirectUris(base),
      postLogoutRedirectUris: [`${base}/`, `${base}/en`],
      roles: [],
      createdAt: new Date(),
    })
    .onConflictDoNothing({ target: ssoClients.id })
}
