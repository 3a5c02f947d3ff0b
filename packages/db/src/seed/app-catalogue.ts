import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm'
import { appSchemaTables as t } from './app-tables.ts'
import { PACKAGE_SEEDS, SAMPLE_SCRIPT_SEEDS, VOICE_SEEDS } from './app-catalogue-data.ts'
import { engineVoiceFor } from './app-voice-engine.ts'
import type { SeedFunction } from './types.ts'

/**
 * The built-in voices' credit line and licence (shown with the voice): they are spoken by the eSpeak NG engine
 * (GPL-3.0-or-later); neural voices carry their own from their sidecar (docs/neural-voices.md).
 */
export const BUILT_IN_VOICE_CREDIT = {
  attribution: 'eSpeak NG speech engine (github.com/espeak-ng/espeak-ng)',
  licence: 'GPL-3.0-or-later (eSpeak NG)',
} as const

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
        ...BUILT_IN_VOICE_CREDIT,
        global: true,
        active: true,
      })),
    )
    .onConflictDoNothing({ target: t.voices.code })
  // Installations seeded before the columns existed: a seeded voice with neither field gets the credit — unless
  // an operator changed them (the back-office's audit log says so): a cleared credit stays cleared.
  const audit = t.auditLog
  const creditEdited = db
    .select({ one: sql`1` })
    .from(audit)
    .where(
      and(
        eq(audit.targetType, 'voice'),
        eq(audit.targetId, t.voices.code),
        sql`(${audit.before}->>'attribution' is distinct from ${audit.after}->>'attribution'
          or ${audit.before}->>'licence' is distinct from ${audit.after}->>'licence')`,
      ),
    )
  await db
    .update(t.voices)
    .set(BUILT_IN_VOICE_CREDIT)
    .where(
      and(
        inArray(
          t.voices.code,
          VOICE_SEEDS.map((v) => v.code),
        ),
        eq(t.voices.provider, 'loa'),
        isNull(t.voices.attribution),
        isNull(t.voices.licence),
        notExists(creditEdited),
      ),
    )
  await db
    .insert(t.sampleScripts)
    .values(SAMPLE_SCRIPT_SEEDS.map((s) => ({ ...s, languageCode: 'vi-VN' })))
    .onConflictDoNothing({ target: t.sampleScripts.code })
  await db.insert(t.packages).values(PACKAGE_SEEDS).onConflictDoNothing({ target: t.packages.code })
}
