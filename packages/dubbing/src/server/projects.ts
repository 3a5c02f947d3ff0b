import { normalizeCreditFactor } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { ttsVoiceFor } from '@loa/synthesis'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { distinctVoices } from './default-voices.ts'
import { speechText } from '../subtitles/text.ts'
import type { LineFix } from '../fit/retime.ts'
import type { ParsedSubtitles } from '../subtitles/types.ts'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type Reader = Db | Tx

/** Replaces a project's lines with the cues of parsed subtitles; speakers named by the file are added. */
export const importCues = async (tx: Tx, projectId: string, parsed: ParsedSubtitles, voiceCode: string) => {
  await tx.delete(t.dubbingLines).where(eq(t.dubbingLines.projectId, projectId))
  if (parsed.cues.length > 0)
    for (let at = 0; at < parsed.cues.length; at += 500)
      await tx.insert(t.dubbingLines).values(
        parsed.cues.slice(at, at + 500).map((c) => ({
          projectId,
          position: c.index,
          startMs: c.startMs,
          endMs: c.endMs,
          speaker: c.speaker ?? null,
          text: c.text,
          sourceLine: c.line,
        })),
      )
  const existing = await tx
    .select({ name: t.dubbingSpeakers.name })
    .from(t.dubbingSpeakers)
    .where(eq(t.dubbingSpeakers.projectId, projectId))
  const known = new Set(existing.map((s) => s.name))
  const named = [...new Set(parsed.cues.flatMap((c) => (c.speaker ? [c.speaker] : [])))].filter(
    (n) => !known.has(n),
  )
  if (named.length > 0) {
    // Two speakers never share a default voice while the catalogue has enough dubbing voices.
    const catalogue = await tx
      .select({ code: t.voices.code, gender: t.voices.gender, region: t.voices.region })
      .from(t.voices)
      .where(and(eq(t.voices.hasDubbing, true), eq(t.voices.active, true)))
      .orderBy(asc(t.voices.rank), asc(t.voices.code))
    const voices = distinctVoices(named, catalogue, voiceCode)
    await tx
      .insert(t.dubbingSpeakers)
      .values(named.map((name) => ({ projectId, name, voiceCode: voices.get(name) ?? voiceCode })))
  }
}

/** A project's lines in order (by start, then position). */
export const projectLines = (db: Reader, projectId: string) =>
  db
    .select()
    .from(t.dubbingLines)
    .where(eq(t.dubbingLines.projectId, projectId))
    .orderBy(asc(t.dubbingLines.startMs), asc(t.dubbingLines.position))

export const projectSpeakers = (db: Reader, projectId: string) =>
  db
    .select()
    .from(t.dubbingSpeakers)
    .where(eq(t.dubbingSpeakers.projectId, projectId))
    .orderBy(asc(t.dubbingSpeakers.name))

/** One line of a render's snapshot. */
export interface RenderInputLine {
  id: string
  index: number
  startMs: number
  endMs: number
  text: string
  speech: string
  voice: string
  speed: number
  /** The credit factor of the line's catalogue voice (absent in renders started before it was kept: 1). */
  creditFactor?: number
  /** Line of the uploaded file (null for lines added by hand). */
  sourceLine?: number | null
  /** The user's fix of this line when it did not fit. */
  fix?: LineFix
}

/** What a render renders: a snapshot taken when it starts (editing the project never changes it). */
export interface RenderInput {
  lines: RenderInputLine[]
  /** The line a regeneration is for (only its characters are charged); absent for a whole render. */
  lineId?: string
  media?: { key: string; kind: 'video' | 'audio'; durationMs: number | null }
  duckDb: number
  muteOriginal: boolean
}

/**
 * Catalogue voice codes → the @loa/tts voices that speak them (a tts code is accepted as it is); an unknown
 * code is kept, so the render fails with TTS_UNKNOWN_VOICE rather than speak with another voice.
 */
const engineVoices = async (
  db: Reader,
  codes: string[],
): Promise<{ engineVoice: (code: string) => string; creditFactor: (code: string) => number }> => {
  const rows = await db
    .select({ code: t.voices.code, engineVoice: t.voices.engineVoice, creditFactor: t.voices.creditFactor })
    .from(t.voices)
    .where(inArray(t.voices.code, [...new Set(codes)]))
  const mapped = new Map(rows.map((r) => [r.code, ttsVoiceFor(r.engineVoice)]))
  const factors = new Map(rows.map((r) => [r.code, normalizeCreditFactor(r.creditFactor)]))
  return { engineVoice: (code) => mapped.get(code) ?? code, creditFactor: (code) => factors.get(code) ?? 1 }
}

/** Snapshot of a project for a render: every line with text, with its speaker's voice and speed. */
export const renderInputOf = async (db: Reader, projectId: string): Promise<RenderInput> => {
  const [project] = await db.select().from(t.dubbingProjects).where(eq(t.dubbingProjects.id, projectId))
  if (!project) throw new Error(`dubbing project ${projectId} not found`)
  const speakers = new Map((await projectSpeakers(db, projectId)).map((s) => [s.name, s]))
  const { engineVoice, creditFactor } = await engineVoices(db, [
    project.voiceCode,
    ...[...speakers.values()].map((s) => s.voiceCode),
  ])
  const lines = (await projectLines(db, projectId))
    .map((l, i) => {
      const speaker = l.speaker ? speakers.get(l.speaker) : undefined
      const voiceCode = speaker?.voiceCode ?? project.voiceCode
      return {
        id: l.id,
        index: i + 1,
        startMs: l.startMs,
        endMs: l.endMs,
        text: l.text,
        speech: speechText(l.text, l.speaker ?? undefined),
        voice: engineVoice(voiceCode),
        speed: speaker?.speed ?? 1,
        creditFactor: creditFactor(voiceCode),
        sourceLine: l.sourceLine,
        ...(l.fix ? { fix: l.fix as LineFix } : {}),
      }
    })
    .filter((l) => l.speech !== '')
  return {
    lines,
    ...(project.mediaKey && project.mediaKind
      ? {
          media: {
            key: project.mediaKey,
            kind: project.mediaKind as 'video' | 'audio',
            durationMs: project.mediaDurationMs,
          },
        }
      : {}),
    duckDb: project.duckDb,
    muteOriginal: project.muteOriginal,
  }
}

/** Characters billed for a render: the spoken text of its lines (of the one line, for a regeneration). */
export const billableCharacters = (input: RenderInput): number =>
  input.lines
    .filter((l) => input.lineId === undefined || l.id === input.lineId)
    .reduce((n, l) => n + [...l.speech].length, 0)
