import { boolean, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { appSchema } from './schema.ts'

/** A customer profile, created from the SSO token on the first signed-in call (id = token `sub`). */
export const users = appSchema.table(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email'),
    name: text('name'),
    avatar: text('avatar'),
    /** The user's own referral code (shared as an affiliate link). */
    affiliateCode: text('affiliate_code').notNull(),
    /** The affiliate code the user signed up through, and when. */
    referredBy: text('referred_by'),
    affiliateTime: timestamp('affiliate_time', { withTimezone: true }),
    adsProvider: text('ads_provider'),
    adsProviderTime: timestamp('ads_provider_time', { withTimezone: true }),
    packageCode: text('package_code'),
    packageExpiresAt: timestamp('package_expires_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_affiliate_code_key').on(t.affiliateCode)],
)

/** Devices a user is signed in on; limited by the package's `devices` resource. */
export const devices = appSchema.table(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    deviceId: text('device_id').notNull(),
    name: text('name').notNull().default(''),
    /** The SSO session (`sid`) that last signed in on this device; a new session re-activates a logged-out device. */
    sessionId: text('session_id'),
    ip: text('ip'),
    active: boolean('active').notNull().default(true),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    loggedOutAt: timestamp('logged_out_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('devices_user_device_key').on(t.userId, t.deviceId)],
)

/** Referral partners: every user gets one row for their own code; operators may add more. */
export const affiliateMarketers = appSchema.table(
  'affiliate_marketers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull().default(''),
    ownerUserId: text('owner_user_id'),
    numberOfClicks: integer('number_of_clicks').notNull().default(0),
    numberOfSignups: integer('number_of_signups').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('affiliate_marketers_code_key').on(t.code),
    index('affiliate_owner_idx').on(t.ownerUserId),
  ],
)
