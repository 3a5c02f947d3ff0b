/**
 * Provider voices (`VOICE_PROVIDERS_FILE` and those added on the /admin Voices screen) joined to the catalogue when
 * the API starts and whenever the providers change: each gets an
 * `app.voices` row (provider = the provider entry's id, engine voice = its code) that the voice list, the studio
 * picker, dubbing and billing (its credit factor) read like any other. A row's facts come from the file the first
 * time; afterwards they are the operator's (the admin Voices screen edits them). A row left from a provider voice
 * no longer configured (removed, or its provider disabled) names no voice Loa speaks: it is made inactive. After a
 * change only the voices new to this process are joined (`only`), so a voice the operator hid stays hidden when
 * another provider is saved.
 */
import { app as t, type Db } from '@loa/db'
import { voiceRegistry } from '@loa/synthesis'
import { and, eq, notInArray } from 'drizzle-orm'
import { NEURAL_PROVIDER } from './neural-voices.ts'
import { joinVoiceRow } from './voice-row.ts'

/** Catalogue providers that are not provider entries: the seeded eSpeak voices and installed neural voices. */
const OWN_PROVIDERS = ['loa', NEURAL_PROVIDER]

export const syncProviderVoices = async (db: Db, only?: ReadonlySet<string>): Promise<void> => {
  const voices = voiceRegistry.providerVoices()
  for (const voice of voices) {
    if (only && !only.has(voice.code)) continue
    const providerId = voice.provider!.providerId
    // A catalogue voice of the same code that is not this provider's is the operator's: never replaced.
    await joinVoiceRow(db, voice, providerId, {
      isOperators: (row) => row.provider !== providerId && !(row.engineVoice === voice.code && !row.active),
      // A provider voice reads subtitles like any other voice: dubbing may cast it.
      // Its language is the provider's (an English voice is catalogued en-US: dubbing lines in English it reads).
      extra: {
        attribution: voice.attribution ?? null,
        licence: voice.licence ?? null,
        hasDubbing: true,
        languageCode: voice.provider!.languageCode,
      },
    })
  }
  // Rows of provider voices no longer configured: their engine voice is their own code, which Loa no longer speaks.
  const stale = await db
    .select({ code: t.voices.code, engineVoice: t.voices.engineVoice })
    .from(t.voices)
    .where(and(eq(t.voices.active, true), notInArray(t.voices.provider, OWN_PROVIDERS)))
  for (const row of stale)
    if (row.engineVoice === row.code && !voiceRegistry.find(row.code))
      await db
        .update(t.voices)
        .set({ active: false, updatedAt: new Date() })
        .where(eq(t.voices.code, row.code))
}
