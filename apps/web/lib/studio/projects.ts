/**
 * Studio projects (issue 17): the editor's draft as the server keeps it (`/api/v1/studio-projects`) and as this
 * browser keeps it (localStorage, the offline safety net), and the conversions between them and the editor.
 */
import { billableCharacters, DEFAULT_VOICE } from '@loa/contracts/browser'
import { newParagraphId, parseDraft, type Paragraph } from './text'

/** The editor's settings kept with a project (camelCase; the API's wire is snake_case). */
export interface DraftSettings {
  /** The pause "Insert pause" adds. */
  pauseMs?: number
}

export interface StudioProjectSummary {
  id: string
  title: string
  revision: number
  createdAt: string
  updatedAt: string
  paragraphCount: number
  characters: number
  excerpt: string
}

export interface StudioProject {
  id: string
  title: string
  revision: number
  createdAt: string
  updatedAt: string
  paragraphs: { text: string; voiceCode: string; speed: number }[]
  settings: DraftSettings
}

export interface ProjectBody {
  title: string
  paragraphs: { text: string; voiceCode: string; speed: number }[]
  settings: DraftSettings
}

/** What the editor holds: the text, and which server project (at which revision) it is. */
export interface DraftState {
  title: string
  paragraphs: Paragraph[]
  settings: DraftSettings
  projectId: string | null
  revision: number | null
}

/**
 * Saves sent at revision `base` whose answers this browser never saw (the page closed, the network dropped the
 * answer): one may have landed, so a later 409 can be our own save rather than another tab's.
 */
export interface UnackedSave {
  base: number
  /** `bodyKey` of each body sent on that base, oldest first (a few at most). */
  bodies: string[]
}

const MAX_UNACKED = 5

/** Remembers one more save sent on `base` (a new base forgets the older ones: they were answered). */
export const rememberSave = (unacked: UnackedSave | null, base: number, body: string): UnackedSave => ({
  base,
  bodies: [...(unacked?.base === base ? unacked.bodies : []), body].slice(-MAX_UNACKED),
})

/** The draft in this browser: the editor's state, when it was written and whether the server is behind it. */
export interface StoredDraft extends DraftState {
  savedAt: number
  /** Changes not yet on the server (written offline, or the page closed before the save). */
  dirty: boolean
  unacked?: UnackedSave | null
}

export const blankDraft = (voiceCode = DEFAULT_VOICE, speed = 1): DraftState => ({
  title: '',
  paragraphs: [{ id: newParagraphId(), text: '', voiceCode, speed }],
  settings: {},
  projectId: null,
  revision: null,
})

/** Nothing worth keeping: no title and no text. */
export const isBlank = (d: Pick<DraftState, 'title' | 'paragraphs'>): boolean =>
  d.title.trim() === '' && d.paragraphs.every((p) => billableCharacters(p.text) === 0)

const cleanSettings = (raw: unknown): DraftSettings => {
  const pauseMs = (raw as DraftSettings | null)?.pauseMs
  return typeof pauseMs === 'number' && Number.isInteger(pauseMs) && pauseMs >= 0 && pauseMs <= 10_000
    ? { pauseMs }
    : {}
}

/** Reads this browser's draft (older drafts without a project read as not yet on the server). */
export const parseStoredDraft = (raw: string | null): StoredDraft | null => {
  const base = parseDraft(raw)
  if (!base) return null
  const extra = JSON.parse(raw!) as Partial<StoredDraft>
  const projectId = typeof extra.projectId === 'string' ? extra.projectId : null
  return {
    ...base,
    settings: cleanSettings(extra.settings),
    projectId,
    revision: projectId && typeof extra.revision === 'number' ? extra.revision : null,
    dirty: typeof extra.dirty === 'boolean' ? extra.dirty : true,
    unacked:
      typeof extra.unacked?.base === 'number' &&
      Array.isArray(extra.unacked.bodies) &&
      extra.unacked.bodies.every((b) => typeof b === 'string')
        ? { base: extra.unacked.base, bodies: extra.unacked.bodies.slice(-MAX_UNACKED) }
        : null,
  }
}

export const serializeDraft = (
  draft: DraftState,
  dirty: boolean,
  savedAt: number,
  unacked: UnackedSave | null = null,
): string => JSON.stringify({ ...draft, dirty, savedAt, unacked } satisfies StoredDraft)

/** The body the API saves (paragraph ids are the editor's own). */
export const projectBody = (d: DraftState): ProjectBody => ({
  title: d.title.trim(),
  paragraphs: d.paragraphs.map((p) => ({ text: p.text, voiceCode: p.voiceCode, speed: p.speed })),
  settings: d.settings,
})

/** A comparable form of a body (what was sent, what the server has). */
export const bodyKey = (body: ProjectBody): string => JSON.stringify(body)

/**
 * What a revision conflict really is. `same`: the server already has this draft (our save landed, its answer was
 * lost). `rebase`: the server's next revision is exactly one of our unanswered saves — the user only typed more since, so
 * save again on top of it. `conflict`: another tab or browser saved something else.
 */
export const conflictVerdict = (
  server: StudioProject,
  draft: DraftState,
  unacked: UnackedSave | null,
): 'same' | 'rebase' | 'conflict' => {
  const theirs = bodyKey(projectBody(fromProject(server)))
  if (theirs === bodyKey(projectBody(draft))) return 'same'
  if (unacked && server.revision === unacked.base + 1 && unacked.bodies.includes(theirs)) return 'rebase'
  return 'conflict'
}

/** A server project as the editor holds it. */
export const fromProject = (p: StudioProject): DraftState => ({
  title: p.title,
  paragraphs:
    p.paragraphs.length > 0
      ? p.paragraphs.map((x) => ({
          id: newParagraphId(),
          text: x.text,
          voiceCode: x.voiceCode,
          speed: x.speed,
        }))
      : blankDraft().paragraphs,
  settings: cleanSettings(p.settings),
  projectId: p.id,
  revision: p.revision,
})
