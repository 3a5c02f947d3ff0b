import { DUBBING_RENDER_FILES, LINE_LANGUAGES, normalizeCreditFactor } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { detectLanguage, speechText, voiceCanRead } from '@loa/dubbing'
import { projectLines, projectSpeakers, renderCreditFactor, type RenderRow } from '@loa/dubbing/server'
import { desc, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import { iso } from '../../lib/wire.ts'
import { typesettingOf } from './reimport.ts'

export type ProjectRow = typeof t.dubbingProjects.$inferSelect

export const renderWire = z.object({
  id: z.string(),
  project_id: z.string(),
  status: z.enum(['IN_PROGRESS', 'SUCCESS', 'FAILURE', 'CANCELLED']),
  progress: z.number(),
  characters: z.number().describe('Spoken characters of the lines rendered (shown; not what is charged)'),
  seconds: z
    .number()
    .describe(
      'Seconds of dubbed timeline charged to the DUBBING credits: the span of the subtitles rendered, rounded up',
    ),
  line_id: z.string().nullable(),
  duration_ms: z.number().nullable(),
  summary: z
    .object({
      lines: z.number(),
      fitted: z.number(),
      flagged: z.number(),
      unresolved: z.number().optional(),
      accepted_overrun: z.number().optional(),
      retimed: z.number().optional(),
    })
    .nullable(),
  files: z.array(z.enum(DUBBING_RENDER_FILES)),
  mix_error: z.string().nullable(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
})

export const toRenderWire = (r: RenderRow): z.infer<typeof renderWire> => {
  const files = (r.files ?? {}) as Record<string, string | null>
  return {
    id: r.id,
    project_id: r.projectId,
    status: r.status as z.infer<typeof renderWire>['status'],
    progress: r.progress,
    characters: r.characters,
    seconds: r.seconds,
    line_id: (r.input as { lineId?: string }).lineId ?? null,
    duration_ms: r.durationMs,
    summary: (r.summary as z.infer<typeof renderWire>['summary']) ?? null,
    files: DUBBING_RENDER_FILES.filter((f) => typeof files[f] === 'string'),
    mix_error: files.mix_error ?? null,
    error_code: r.errorCode,
    error_message: r.errorMessage,
    created_at: r.createdAt.toISOString(),
    finished_at: iso(r.finishedAt),
  }
}

export const projectWire = z.object({
  id: z.string(),
  name: z.string(),
  subtitle_format: z.string(),
  voice_code: z.string(),
  duck_db: z.number(),
  mute_original: z.boolean(),
  media: z.object({ kind: z.string(), duration_ms: z.number().nullable() }).nullable(),
  notices: z.array(
    z.object({ code: z.string(), line: z.number(), cue: z.number().optional(), message: z.string() }),
  ),
  typesetting: z
    .object({
      styles: z.array(z.string()).describe('Style names that are typesetting'),
      positioned: z.boolean().describe('Events placed with \\pos or \\move are typesetting'),
    })
    .describe(
      "The rule in effect for ASS typesetting (the project's own, else the default); PATCH typesetting to read the file again under another",
    ),
  subtitles_kept: z
    .boolean()
    .describe('Whether the subtitle file is kept, so that a new typesetting rule can read it again'),
  created_at: z.string(),
  updated_at: z.string(),
})

export const toProjectWire = (p: ProjectRow): z.infer<typeof projectWire> => ({
  id: p.id,
  name: p.name,
  subtitle_format: p.subtitleFormat,
  voice_code: p.voiceCode,
  duck_db: p.duckDb,
  mute_original: p.muteOriginal,
  media: p.mediaKind ? { kind: p.mediaKind, duration_ms: p.mediaDurationMs } : null,
  notices: p.notices as z.infer<typeof projectWire>['notices'],
  typesetting: typesettingOf(p),
  subtitles_kept: p.subtitleKey !== null,
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt.toISOString(),
})

export const lineWire = z.object({
  id: z.string(),
  index: z.number(),
  start_ms: z.number(),
  end_ms: z.number(),
  speaker: z.string().nullable(),
  text: z.string(),
  speech: z.string(),
  source_line: z.number().nullable(),
  fit: z.record(z.string(), z.unknown()).nullable(),
  fix: z
    .object({ max_speedup: z.number().nullable(), borrow_next_gap: z.boolean(), accept_overrun: z.boolean() })
    .nullable(),
  language: z
    .enum(LINE_LANGUAGES)
    .describe(
      "The language of the line's speech as detected (vi, en, zh, ja, ko, ar, ru, th, he; latin = another Latin-script language; other = another script; none = no letters)",
    ),
  voice_reads_language: z
    .boolean()
    .describe(
      "Whether the line's voice (its speaker's, else the project's) can read that language; false = the studio warns (give the speaker a voice of that language, or translate the line)",
    ),
})

export const speakerWire = z.object({
  id: z.string(),
  name: z.string(),
  voice_code: z.string(),
  speed: z.number(),
})

/** A line's fix as the wire spells it. */
const fixWire = (fix: unknown) => {
  if (!fix || typeof fix !== 'object') return null
  const f = fix as { maxSpeedup?: number; borrowNextGap?: boolean; acceptOverrun?: boolean }
  return {
    max_speedup: f.maxSpeedup ?? null,
    borrow_next_gap: f.borrowNextGap === true,
    accept_overrun: f.acceptOverrun === true,
  }
}

export const projectDetailWire = projectWire.extend({
  lines: z.array(lineWire),
  speakers: z.array(speakerWire),
  last_render: renderWire.nullable(),
  credit_factor: z
    .number()
    .describe(
      'The voice credit factor a render of the whole project bills with now: the highest among the voices of its lines (seconds charged = the span of the subtitles, rounded up, × this factor, rounded up)',
    ),
})

/** The catalogue facts of the project's voices that its detail shows: language and credit factor. */
const voiceFacts = async (db: Db, codes: string[]) => {
  const rows = await db
    .select({ code: t.voices.code, languageCode: t.voices.languageCode, creditFactor: t.voices.creditFactor })
    .from(t.voices)
    .where(inArray(t.voices.code, [...new Set(codes)]))
  const byCode = new Map(rows.map((r) => [r.code, r]))
  return {
    language: (code: string) => byCode.get(code)?.languageCode ?? 'vi-VN',
    creditFactor: (code: string) => normalizeCreditFactor(byCode.get(code)?.creditFactor),
  }
}

/** A project with its lines, speakers and latest render. */
export const projectDetail = async (db: Db, p: ProjectRow): Promise<z.infer<typeof projectDetailWire>> => {
  const [lines, speakers, [last]] = await Promise.all([
    projectLines(db, p.id),
    projectSpeakers(db, p.id),
    db
      .select()
      .from(t.dubbingRenders)
      .where(eq(t.dubbingRenders.projectId, p.id))
      .orderBy(desc(t.dubbingRenders.createdAt))
      .limit(1),
  ])
  const voiceOf = new Map(speakers.map((s) => [s.name, s.voiceCode]))
  const lineVoice = (speaker: string | null) => (speaker && voiceOf.get(speaker)) || p.voiceCode
  const facts = await voiceFacts(db, [p.voiceCode, ...voiceOf.values()])
  const wired = lines.map((l, i) => {
    const speech = speechText(l.text, l.speaker ?? undefined)
    const language = detectLanguage(speech)
    return {
      id: l.id,
      index: i + 1,
      start_ms: l.startMs,
      end_ms: l.endMs,
      speaker: l.speaker,
      text: l.text,
      speech,
      source_line: l.sourceLine,
      fit: (l.fit as Record<string, unknown> | null) ?? null,
      fix: fixWire(l.fix),
      language,
      voice_reads_language: voiceCanRead(facts.language(lineVoice(l.speaker)), language),
    }
  })
  return {
    ...toProjectWire(p),
    lines: wired,
    speakers: speakers.map((s) => ({ id: s.id, name: s.name, voice_code: s.voiceCode, speed: s.speed })),
    last_render: last ? toRenderWire(last) : null,
    credit_factor: renderCreditFactor(
      lines
        .filter((l) => speechText(l.text, l.speaker ?? undefined) !== '')
        .map((l) => ({ creditFactor: facts.creditFactor(lineVoice(l.speaker)) })),
    ),
  }
}
