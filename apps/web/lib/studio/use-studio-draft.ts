'use client'
/**
 * The studio's draft — title, paragraphs, settings — in one place: kept in this browser (debounced, and at once
 * when the page is hidden or a synthesis starts) and saved to the open server project (debounced, optimistic:
 * a save names the revision it started from). Signing in elsewhere opens the newest project.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { errorCodeOf } from './errors'
import type { StudioApi } from './api'
import {
  blankDraft,
  bodyKey,
  conflictVerdict,
  fromProject,
  isBlank,
  rememberSave,
  parseStoredDraft,
  projectBody,
  serializeDraft,
  type DraftSettings,
  type DraftState,
  type UnackedSave,
} from './projects'
import { draftKey, type Paragraph } from './text'

/** `local`: kept in this browser, the server save failed (retried); `conflict`: saved elsewhere since. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'local' | 'conflict' | 'failed'
type Server = 'synced' | 'pending' | 'error' | 'conflict'

const LOCAL_DELAY_MS = 600
const SERVER_DELAY_MS = 1_200
const RETRY_MS = 15_000

export function useStudioDraft(api: StudioApi, subject: string | undefined) {
  const [draft, setDraft] = useState<DraftState>(() => blankDraft())
  const [loaded, setLoaded] = useState(false)
  const [server, setServer] = useState<Server>('synced')
  const [serverError, setServerError] = useState<string | null>(null)
  const [localOk, setLocalOk] = useState(true)
  const [savedAt, setSavedAt] = useState<number | null>(null)
  // The truth for saves (renders read `draft`): edits counts changes, `synced` is the count the server has.
  const ref = useRef({
    draft,
    loaded: false,
    subject,
    edits: 0,
    synced: 0,
    generation: 0,
    conflict: false,
    unacked: null as UnackedSave | null,
  })
  const saving = useRef<Promise<void> | null>(null)
  const again = useRef(false)

  const show = (next: DraftState) => {
    ref.current.draft = next
    setDraft(next)
  }
  /** A change by the user: the server is behind until the next save. */
  const change = useCallback((fn: (d: DraftState) => DraftState) => {
    ref.current.edits += 1
    show(fn(ref.current.draft))
    setServer((s) => (s === 'conflict' ? s : 'pending'))
  }, [])

  /** The one writer of this browser's copy. */
  const persistLocal = useCallback(() => {
    const r = ref.current
    if (!r.loaded || !r.subject) return
    try {
      const now = Date.now()
      window.localStorage.setItem(
        draftKey(r.subject),
        serializeDraft(r.draft, r.edits !== r.synced, now, r.unacked),
      )
      setSavedAt(now)
      setLocalOk(true)
    } catch {
      setLocalOk(false)
    }
  }, [])

  const markSynced = (edits: number) => {
    ref.current.synced = edits
    setServerError(null)
    setServer(ref.current.edits === edits ? 'synced' : 'pending')
  }

  /** Saves the draft to its server project (creating it on the first text); one save at a time. */
  const syncServer = useCallback((): Promise<void> => {
    if (saving.current) {
      again.current = true
      return saving.current
    }
    const r = ref.current
    // After a conflict nothing is saved over the other version until the user chooses (`resolve`).
    if (!r.loaded || r.conflict || r.edits === r.synced) return Promise.resolve()
    if (!r.draft.projectId && isBlank(r.draft)) {
      markSynced(r.edits)
      return Promise.resolve()
    }
    const { edits, generation } = r
    const { projectId, revision } = r.draft
    const body = projectBody(r.draft)
    const run = (async () => {
      try {
        // Until its answer arrives, this save may land unseen (a reload, a lost answer): remember it.
        if (projectId && revision) r.unacked = rememberSave(r.unacked, revision, bodyKey(body))
        const saved =
          projectId && revision
            ? await api.saveProject(projectId, { ...body, revision })
            : await api.createProject(body)
        if (ref.current.generation !== generation) return
        ref.current.unacked = null
        show({ ...ref.current.draft, projectId: saved.id, revision: saved.revision })
        markSynced(edits)
        persistLocal()
      } catch (error) {
        if (ref.current.generation !== generation) return
        const code = errorCodeOf(error)
        if (code === 'STUDIO_PROJECT_REVISION_CONFLICT' && projectId) {
          // A 409 is another tab's save only if the server's text is neither ours nor our unanswered save.
          const server = await api.project(projectId).catch(() => null)
          if (ref.current.generation !== generation) return
          if (!server) {
            // Not known yet (the read failed, or the page is unloading): retried later, unanswered saves kept.
            setServerError('ERR_NETWORK')
            return setServer('error')
          }
          const verdict = conflictVerdict(server, ref.current.draft, ref.current.unacked)
          ref.current.unacked = null
          if (verdict === 'conflict') {
            ref.current.conflict = true
            return setServer('conflict')
          }
          show({ ...ref.current.draft, revision: server.revision })
          if (verdict === 'same') markSynced(ref.current.edits)
          else again.current = true
          persistLocal()
          return
        }
        if (code === 'STUDIO_PROJECT_NOT_FOUND') {
          // Deleted elsewhere: the text is kept as a new project.
          show({ ...ref.current.draft, projectId: null, revision: null })
          again.current = true
          return
        }
        setServerError(code ?? 'ERR_NETWORK')
        setServer('error')
      }
    })().finally(() => {
      saving.current = null
      if (again.current) {
        again.current = false
        void syncServer()
      }
    })
    saving.current = run
    return run
  }, [api, persistLocal])

  /** Shows a server project (opened, or newer than this browser's copy) as saved. */
  const apply = useCallback(
    (project: Parameters<typeof fromProject>[0]) => {
      ref.current.generation += 1
      ref.current.conflict = false
      ref.current.unacked = null
      show(fromProject(project))
      markSynced(ref.current.edits)
      persistLocal()
    },
    [persistLocal],
  )

  // Load this user's draft from this browser, then reconcile it with the server.
  useEffect(() => {
    if (!subject) return
    const local = parseStoredDraft(window.localStorage.getItem(draftKey(subject)))
    const r = ref.current
    r.subject = subject
    r.generation += 1
    if (local) {
      const { savedAt: at, dirty, unacked, ...state } = local
      r.unacked = unacked ?? null
      show(state)
      setSavedAt(at)
      r.synced = dirty ? r.edits - 1 : r.edits
      setServer(dirty ? 'pending' : 'synced')
    }
    r.loaded = true
    setLoaded(true)
    const { edits, generation } = r
    const untouched = () => ref.current.edits === edits && ref.current.generation === generation
    void (async () => {
      try {
        if (local?.projectId) {
          const project = await api.project(local.projectId)
          if (!untouched()) return
          if (!local.dirty && project.revision !== local.revision) apply(project)
          else if (local.dirty) void syncServer()
        } else if (!local || isBlank(local)) {
          const newest = (await api.projects({ limit: 1 })).items[0]
          if (newest && untouched()) {
            const project = await api.project(newest.id)
            if (untouched()) apply(project)
          }
        } else void syncServer()
      } catch (error) {
        if (!untouched()) return
        if (errorCodeOf(error) === 'STUDIO_PROJECT_NOT_FOUND') {
          // Deleted in another browser: this copy becomes a new project.
          show({ ...ref.current.draft, projectId: null, revision: null })
          ref.current.synced = ref.current.edits - 1
          void syncServer()
        } else if (ref.current.edits !== ref.current.synced) {
          // Only a draft with changes to save is "in this browser only"; an empty start stays quiet.
          setServerError(errorCodeOf(error) ?? 'ERR_NETWORK')
          setServer('error')
        }
      }
    })()
  }, [subject, api, apply, syncServer])

  // Debounced: this browser first, then the server.
  useEffect(() => {
    if (!loaded) return
    const local = setTimeout(persistLocal, LOCAL_DELAY_MS)
    const remote = setTimeout(() => void syncServer(), server === 'error' ? RETRY_MS : SERVER_DELAY_MS)
    return () => {
      clearTimeout(local)
      clearTimeout(remote)
    }
  }, [draft, loaded, server, persistLocal, syncServer])

  // Leaving or hiding the page writes this browser's copy at once: a quick reload never loses a change.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') persistLocal()
    }
    window.addEventListener('pagehide', persistLocal)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      window.removeEventListener('pagehide', persistLocal)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [persistLocal])

  /** Saves what is pending, then shows `next` as another project (a new one when it has no id). */
  const switchTo = useCallback(
    async (next: () => Promise<DraftState> | DraftState, newText: boolean) => {
      persistLocal()
      await syncServer()
      const state = await next()
      ref.current.generation += 1
      ref.current.conflict = false
      ref.current.unacked = null
      ref.current.edits += 1
      ref.current.synced = newText ? ref.current.edits - 1 : ref.current.edits
      show(state)
      setServer(newText ? 'pending' : 'synced')
      setServerError(null)
      persistLocal()
    },
    [persistLocal, syncServer],
  )

  const saveState: SaveState = !loaded
    ? 'idle'
    : server === 'conflict'
      ? 'conflict'
      : !localOk && server !== 'synced'
        ? 'failed'
        : server === 'synced'
          ? savedAt
            ? 'saved'
            : 'idle'
          : server === 'error'
            ? 'local'
            : 'saving'

  return {
    ...draft,
    loaded,
    saveState,
    savedAt,
    /** The error code of the last failed server save (`local` state). */
    serverError,
    setTitle: (title: string) => change((d) => ({ ...d, title })),
    setParagraphs: (fn: (ps: Paragraph[]) => Paragraph[]) =>
      change((d) => ({ ...d, paragraphs: fn(d.paragraphs) })),
    updateParagraph: (id: string, patch: Partial<Paragraph>) =>
      change((d) => ({ ...d, paragraphs: d.paragraphs.map((p) => (p.id === id ? { ...p, ...patch } : p)) })),
    setSettings: (patch: DraftSettings) => change((d) => ({ ...d, settings: { ...d.settings, ...patch } })),
    /** Writes this browser's copy now (before a synthesis is sent). */
    flush: persistLocal,
    /** New text (a sample script, a request re-opened from history) as a new project; the open one stays saved. */
    startWith: (content: Pick<DraftState, 'title' | 'paragraphs'>) =>
      switchTo(() => ({ ...blankDraft(), ...content }), true),
    newProject: () => {
      const last = ref.current.draft.paragraphs.at(-1)
      return switchTo(() => blankDraft(last?.voiceCode, last?.speed), false)
    },
    open: (id: string) => switchTo(async () => fromProject(await api.project(id)), false),
    /** After the list renamed or deleted the open project. */
    renamed: (project: { id: string; title: string; revision: number }) => {
      if (ref.current.draft.projectId !== project.id) return
      show({ ...ref.current.draft, title: project.title, revision: project.revision })
      persistLocal()
    },
    deleted: (id: string) => {
      if (ref.current.draft.projectId !== id) return
      // Deleted on purpose: its unsaved edits go with it (not saved again as a new project).
      ref.current.synced = ref.current.edits
      void switchTo(() => blankDraft(), false)
    },
    /** After a conflict: `theirs` opens the saved version, `mine` saves this text over it. */
    resolve: async (choice: 'theirs' | 'mine') => {
      const id = ref.current.draft.projectId
      if (!id) return
      const project = await api.project(id)
      if (choice === 'theirs') return apply(project)
      show({ ...ref.current.draft, revision: project.revision })
      ref.current.conflict = false
      setServer('pending')
      await syncServer()
    },
  }
}

export type StudioDraft = ReturnType<typeof useStudioDraft>
