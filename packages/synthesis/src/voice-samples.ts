import { app as t, SAMPLE_SCRIPT_SEEDS, type Db } from '@loa/db'
import { createSynthesisPool, findVoice, synthesize } from '@loa/tts'
import { and, eq, isNull } from 'drizzle-orm'

/** The first sentence of the purpose's sample script: one short sentence per voice keeps seeding fast. */
const sampleSentence = (purpose: string | undefined): string => {
  const script = SAMPLE_SCRIPT_SEEDS.find((s) => s.purpose === purpose) ?? SAMPLE_SCRIPT_SEEDS[0]!
  return script.text.split(/(?<=[.!?])\s+/)[0]!
}

type SampleWriter = (key: string, bytes: Uint8Array, contentType: string) => Promise<string>

/** One sample sentence of `voice` spoken (MP3) and stored under `key`; answers the public URL. */
const speakSample = async (
  voice: typeof t.voices.$inferSelect,
  key: string,
  writeFile: SampleWriter,
  pool: ReturnType<typeof createSynthesisPool>,
): Promise<string> => {
  const result = await synthesize({
    text: sampleSentence(voice.features[0]),
    voice: voice.engineVoice,
    format: 'mp3',
    bitrate: 64,
    pool,
    cache: false,
  })
  return writeFile(key, result.audio, 'audio/mpeg')
}

/**
 * Real voice samples, a start-up step of the composer (`loa serve`, the api's server) after the seeds: each
 * catalogue voice without a sample gets one sentence of its purpose's sample script spoken by @loa/tts (MP3),
 * stored through `writeFile` (which answers the public URL). A voice whose sample an operator set is left alone.
 * The database package never runs the speech engine: opening a test database or the SSO loads no eSpeak.
 */
export const generateVoiceSamples = async ({
  db,
  writeFile,
  log,
}: {
  db: Db
  writeFile: SampleWriter
  log?: (message: string) => void
}): Promise<void> => {
  const missing = await db.select().from(t.voices).where(isNull(t.voices.sampleAudioUrl))
  const speakable = missing.filter((v) => findVoice(v.engineVoice))
  if (!speakable.length) return
  const pool = createSynthesisPool({ size: 1 })
  try {
    for (const voice of speakable) {
      try {
        const url = await speakSample(voice, `voices/samples/${voice.code}.mp3`, writeFile, pool)
        await db
          .update(t.voices)
          .set({ sampleAudioUrl: url, updatedAt: new Date() })
          .where(and(eq(t.voices.code, voice.code), isNull(t.voices.sampleAudioUrl)))
      } catch (error) {
        log?.(
          `voice sample for ${voice.code} failed: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
    }
  } finally {
    await pool.close()
  }
}

/**
 * The same sample, spoken again for one voice (the back-office's "regenerate the sample"): stored under a new
 * key (`voices/samples/CODE.STAMP.mp3`, so no cached copy of the old file answers) and the public URL answered;
 * the caller saves it on the voice (with its audit row). Throws when the voice's engine voice is not installed
 * or the engine fails.
 */
export const generateVoiceSample = async ({
  voice,
  writeFile,
  stamp = Date.now().toString(36),
}: {
  voice: typeof t.voices.$inferSelect
  writeFile: SampleWriter
  stamp?: string
}): Promise<string> => {
  if (!findVoice(voice.engineVoice)) throw new Error(`engine voice ${voice.engineVoice} is not installed`)
  const pool = createSynthesisPool({ size: 1 })
  try {
    return await speakSample(voice, `voices/samples/${voice.code}.${stamp}.mp3`, writeFile, pool)
  } finally {
    await pool.close()
  }
}
