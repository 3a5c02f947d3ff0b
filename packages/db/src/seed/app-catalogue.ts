import { appSchemaTables as t } from './app-tables.ts'
import { PACKAGE_SEEDS, SAMPLE_SCRIPT_SEEDS, VOICE_SEEDS } from './app-catalogue-data.ts'
import { engineVoiceFor } from './app-voice-engine.ts'
import type { SeedFunction } from './types.ts'

/** Voices, sample scripts and packages; inserted when absent (an operator's edit is never overwritten). */
export const seedAppCatalogue: SeedFunction = async ({ db }) => {
  await db
    .insert(t.voices)
    .values(
      VOICE_SEEDS.map((v) => ({
        ...v,
        languageCode: 'vi-VN',
        engineVoice: engineVoiceFor(v.region, v.gender, v.features),
        provider: 'loa',
        global: true,
        active: true,
      })),
    )
    .onConflictDoNothing({ target: t.voices.code })
  await db
    .insert(t.sampleScripts)
    .values(SAMPLE_SCRIPT_SEEDS.map((s) => ({ ...s, languageCode: 'vi-VN' })))
    .onConflictDoNothing({ target: t.sampleScripts.code })
  await db.insert(t.packages).values(PACKAGE_SEEDS).onConflictDoNothing({ target: t.packages.code })
}
