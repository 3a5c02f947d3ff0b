/**
 * Joins a voice Loa speaks (an installed neural voice, a provider voice) to its `app.voices` row, the one the voice
 * list, the studio picker, dubbing and billing read: the voice's own facts give the row its first values; afterwards
 * they are the operator's (the admin catalogue edits name, region, gender, tier and credit factor), so a voice coming
 * back only becomes live again under its provider.
 */
import { normalizeCreditFactor, type EngineVoice } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { eq } from 'drizzle-orm'

type VoiceRow = typeof t.voices.$inferSelect

export const joinVoiceRow = async (
  db: Db,
  voice: EngineVoice & { attribution?: string },
  provider: string,
  options: {
    /** An existing row that is the operator's own and must not be taken over. */
    isOperators: (row: VoiceRow) => boolean
    /** Values only a new row of this kind gets. */
    extra?: Partial<typeof t.voices.$inferInsert>
  },
): Promise<{ joined: boolean; row: VoiceRow | undefined }> => {
  const [row] = await db.select().from(t.voices).where(eq(t.voices.code, voice.code))
  if (row && options.isOperators(row)) return { joined: false, row }
  const live = { engineVoice: voice.code, provider, active: true, updatedAt: new Date() }
  if (row) await db.update(t.voices).set(live).where(eq(t.voices.code, voice.code))
  else
    await db
      .insert(t.voices)
      .values({
        code: voice.code,
        rank: voice.rank,
        name: voice.name,
        gender: voice.gender,
        region: voice.region,
        features: [...voice.purposes],
        level: voice.tier,
        creditFactor: normalizeCreditFactor(voice.creditFactor),
        description: voice.attribution ?? '',
        ...options.extra,
        ...live,
      })
      .onConflictDoNothing()
  return { joined: true, row }
}
