import type { SocialProviderConfig } from '../config.ts'
import { createFacebookProvider } from './facebook.ts'
import { createOidcProvider } from './oidc.ts'
import type { SocialProvider } from './upstream.ts'
import { createZaloProvider } from './zalo.ts'

export type { SocialProvider } from './upstream.ts'

/** Our SSO as an OAuth/OIDC client of one upstream provider, by the provider's wire (`kind`). */
export const createSocialProvider = (p: SocialProviderConfig): SocialProvider => {
  switch (p.kind) {
    case 'oidc':
      return createOidcProvider(p)
    case 'facebook':
      return createFacebookProvider(p)
    case 'zalo':
      return createZaloProvider(p)
  }
}
