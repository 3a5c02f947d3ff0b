import { FEATURE_FLAGS, type FeatureFlagKey } from '@loa/contracts'
import { flagClientKeys, flagFeatureEnvironments, flagFeatures } from '../schema/flags/schema.ts'
import type { SeedFunction } from './types.ts'

/**
 * Defaults of the twelve flags of spec §4. All are booleans. A new install shows the conservative
 * product: new or experimental surfaces are off until an operator turns them on.
 */
export const FLAG_DEFAULTS: Record<FeatureFlagKey, { defaultValue: boolean; description: string }> = {
  'header-banner': {
    defaultValue: false,
    description: 'Promotional banner above the site header. Off: no campaign is running on a new install.',
  },
  'discount-for-first-paid-user': {
    defaultValue: false,
    description: 'First-purchase discount offer. Off: pricing shows list prices until a promotion is set up.',
  },
  'home-page-ai-voice': {
    defaultValue: true,
    description: 'AI-voice demo section on the home page. On: it is the core product showcase.',
  },
  datasenses: {
    defaultValue: false,
    description:
      'Datasenses audience-tracking integration. Off: no third-party tracking without consent setup.',
  },
  'fake-time-voucher': {
    defaultValue: false,
    description: 'Countdown timer on voucher banners. Off: no artificial urgency by default.',
  },
  chatbot: {
    defaultValue: false,
    description:
      'Chatbot widget on the landing. Off: the landing shows the three care buttons (phone, chat, contact). ' +
      'Target visitors with the `ip` / `country` attributes.',
  },
  'new-contact-support': {
    defaultValue: false,
    description: 'New contact/support page flow. Off: the existing contact form is used.',
  },
  'tracking-gtm-v2': {
    defaultValue: false,
    description: 'Loads the tag-manager (server container) script. Off: no external tag manager is loaded.',
  },
  'survey-response': {
    defaultValue: false,
    description: 'In-app survey prompt. Off: users are not surveyed by default.',
  },
  'slider-credits': {
    defaultValue: false,
    description: 'Credits slider on the pricing page. Off: the fixed package cards are shown.',
  },
  'new-rule-get-best-voucher': {
    defaultValue: false,
    description: 'New best-voucher selection rule at checkout. Off: the existing rule applies.',
  },
  'introduce-voice-cloning': {
    defaultValue: false,
    description: 'Voice-cloning introduction section. Off: the feature is not announced yet.',
  },
}

/** Seeded client keys (client keys are public). `sdk-loa-web` is the web app's key. */
export const FLAG_CLIENT_KEYS = [
  {
    key: 'sdk-loa-web',
    name: 'Loa web',
    environment: 'production',
    description: 'The web app (apps/web)',
  },
  {
    key: 'sdk-loa-dev',
    name: 'Loa web (development)',
    environment: 'development',
    description: 'Development environment: try rules here before production',
  },
] as const

/** Insert-if-absent: an operator's edits (values, rules, archiving) survive every restart. */
export const seedFlags: SeedFunction = async ({ db }) => {
  await db
    .insert(flagClientKeys)
    .values(FLAG_CLIENT_KEYS.map((k) => ({ ...k })))
    .onConflictDoNothing()
  await db
    .insert(flagFeatures)
    .values(
      FEATURE_FLAGS.map((key) => ({
        key,
        valueType: 'boolean',
        defaultValue: FLAG_DEFAULTS[key].defaultValue,
        description: FLAG_DEFAULTS[key].description,
        updatedBy: 'seed',
      })),
    )
    .onConflictDoNothing()
  const environments = [...new Set(FLAG_CLIENT_KEYS.map((k) => k.environment))]
  await db
    .insert(flagFeatureEnvironments)
    .values(
      FEATURE_FLAGS.flatMap((featureKey) =>
        environments.map((environment) => ({ featureKey, environment, enabled: true, rules: [] })),
      ),
    )
    .onConflictDoNothing()
}
