import { CREDIT_UNITS, WALLET_PRODUCTS, WALLET_UNITS } from '@loa/contracts'
import type { app as t } from '@loa/db'
import type { Wallet } from '@loa/ledger'
import { z } from 'zod'
import type { AuthUser } from '../../plugins/token-verifier.ts'
import { iso } from '../../lib/wire.ts'

type UserRow = typeof t.users.$inferSelect
type PackageRow = typeof t.packages.$inferSelect

export const profileWire = z.object({
  id: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  /** The studio (aivoice) balance, kept for existing clients; every wallet is in `balances`. */
  credits_balance: z.number(),
  credits: z.object({ balance: z.number() }),
  balances: z.array(
    z.object({
      product: z.enum(WALLET_PRODUCTS),
      balance: z.number().describe('Credits left, counted in `unit`'),
      unit: z
        .enum(CREDIT_UNITS)
        .describe('What one credit is: CHARACTER (studio, API) or SECOND of dubbed timeline (dubbing)'),
      expires_at: z.string().nullable(),
      package_code: z.string().nullable(),
    }),
  ),
  package_code: z.string().nullable(),
  package_expires_at: z.string().nullable(),
  package: z
    .object({
      code: z.string(),
      name: z.string(),
      type: z.string(),
      family: z.string(),
      expires_at: z.string().nullable(),
      devices: z.number(),
      voice_clonings: z.number(),
    })
    .nullable(),
  affiliate_code: z.string(),
  referred_by: z.string().nullable(),
  affiliate_time: z.string().nullable(),
  ads_provider: z.string().nullable(),
  ads_provider_time: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
  roles: z.array(z.string()),
  is_admin: z.boolean(),
})

export const profileToWire = (
  u: UserRow,
  pkg: PackageRow | undefined,
  wallets: Wallet[],
  auth: AuthUser,
): z.infer<typeof profileWire> => {
  const now = Date.now()
  const balances = wallets.map((w) => ({
    product: w.product,
    balance: w.expiresAt && w.expiresAt.getTime() <= now ? 0 : w.balance,
    unit: WALLET_UNITS[w.product],
    expires_at: iso(w.expiresAt),
    package_code: w.packageCode,
  }))
  const studio = balances.find((b) => b.product === 'aivoice')?.balance ?? 0
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    avatar: u.avatar,
    credits_balance: studio,
    credits: { balance: studio },
    balances,
    package_code: u.packageCode,
    package_expires_at: iso(u.packageExpiresAt),
    package: pkg
      ? {
          code: pkg.code,
          name: pkg.name,
          type: pkg.type,
          family: pkg.family,
          expires_at: iso(u.packageExpiresAt),
          devices: pkg.devices,
          voice_clonings: pkg.voiceClonings,
        }
      : null,
    affiliate_code: u.affiliateCode,
    referred_by: u.referredBy,
    affiliate_time: iso(u.affiliateTime),
    ads_provider: u.adsProvider,
    ads_provider_time: iso(u.adsProviderTime),
    last_seen_at: iso(u.lastSeenAt),
    created_at: u.createdAt.toISOString(),
    roles: auth.roles,
    is_admin: auth.isAdmin,
  }
}
