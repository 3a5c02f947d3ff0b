import type { SeedContext, SeedFunction } from './types.ts'
import { seedAppCatalogue } from './app-catalogue.ts'
import { seedAppMarketing } from './app-marketing.ts'
import { seedPackageTextUpdates } from './app-package-texts.ts'
import { seedAppTranslations } from './app-translations.ts'
import { seedFlags } from './flags.ts'
import { seedSsoClients } from './sso-clients.ts'

export type { SeedContext, SeedFunction, SeedOptions } from './types.ts'
export { DEFAULT_PACKAGE_CODE, SAMPLE_SCRIPT_SEEDS, SIGNUP_PACKAGE_CODES } from './app-catalogue-data.ts'
export { FLAG_DEFAULTS } from './flags.ts'

/**
 * Idempotent seed functions: each inserts what a new install needs and leaves existing rows alone
 * (operators' edits survive a restart). One file per concern; add new ones to this list in order.
 */
export const SEEDS: { name: string; run: SeedFunction }[] = [
  { name: 'flags', run: seedFlags },
  { name: 'sso-clients', run: seedSsoClients },
  { name: 'app-catalogue', run: seedAppCatalogue },
  { name: 'app-package-texts', run: seedPackageTextUpdates },
  { name: 'app-marketing', run: seedAppMarketing },
  { name: 'app-translations', run: seedAppTranslations },
]

/** The advisory lock every process that seeds takes first, so replicas starting together seed once. */
export const SEED_LOCK_KEY = 7_406_114

export const seedAll = async (ctx: SeedContext): Promise<void> => {
  for (const seed of SEEDS) {
    await seed.run(ctx)
    ctx.log?.(`seeded ${seed.name}`)
  }
}
