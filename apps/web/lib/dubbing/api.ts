'use client'
/** Signed-in calls of the Dubbing studio (`/api/v1/dubbing/...`); camelCase in the app, snake_case on the wire. */
import { createHttpClient, HttpError, type HttpMethod, type RequestOptions } from '@/lib/http/client'
import type { DubbingRenderFile } from '@loa/contracts/browser'
import type { ApiEnvelope, Voice } from '@/lib/api/types'

const V1 = '/api/v1'

export interface DubbingRender {
  id: string
  projectId: string
  status: 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE' | 'CANCELLED'
  progress: number
  characters: number
  /** Seconds of dubbed timeline charged to the dubbing wallet (issue 28). */
  seconds: number
  lineId: string | null
  durationMs: number | null
  summary: {
    lines: number
    fitted: number
    flagged: number
    unresolved?: number
    acceptedOverrun?: number
    retimed?: number
  } | null
  files: DubbingRenderFile[]
  mixError: string | null
  errorCode: string | null
  errorMessage: string | null
  createdAt: string
  finishedAt: string | null
}

export interface DubbingProject {
  id: string
  name: string
  subtitleFormat: string
  voiceCode: string
  duckDb: number
  muteOriginal: boolean
  media: { kind: string; durationMs: number | null } | null
  notices: { code: string; line: number; cue?: number; message: string }[]
  /** The ASS typesetting rule in effect (the project's own, else the default). */
  typesetting: TypesettingRule
  /** Whether the subtitle file is kept (a new typesetting rule can read it again). */
  subtitlesKept: boolean
  createdAt: string
  updatedAt: string
}

/** Which ASS events are typesetting: never spoken. */
export interface TypesettingRule {
  styles: string[]
  positioned: boolean
}

export interface LineFit {
  action: string
  placedStartMs: number
  placedEndMs: number
  overflowMs: number
  shortenByChars: number
  speed: number
  stretch: number
  /** How much later than its cue the line starts (re-timing). */
  shiftMs?: number
}

/** The user's fix of a line that did not fit. */
export interface LineFix {
  maxSpeedup: number | null
  borrowNextGap: boolean
  acceptOverrun: boolean
}

export interface DubbingLine {
  id: string
  index: number
  startMs: number
  endMs: number
  speaker: string | null
  text: string
  speech: string
  sourceLine: number | null
  fit: LineFit | null
  fix: LineFix | null
  /** The language of the speech as detected (vi, en, zh, ja, ko, ar, ru, th, he, latin, other, none). */
  language: string
  /** Whether the line's voice reads that language (false: the studio warns). */
  voiceReadsLanguage: boolean
}

export interface DubbingSpeaker {
  id: string
  name: string
  voiceCode: string
  speed: number
}

export interface DubbingProjectDetail extends DubbingProject {
  lines: DubbingLine[]
  speakers: DubbingSpeaker[]
  lastRender: DubbingRender | null
  /** The voice credit factor a whole render bills with (the highest among the project's voices). */
  creditFactor: number
}

export interface UploadTarget {
  url: string
  method: 'PUT'
  key: string
  kind: 'subtitle' | 'media'
  headers: Record<string, string>
  maxBytes: number
}

export const createDubbingApi = (apiUrl: string, getToken: () => Promise<string | undefined>) => {
  const http = createHttpClient(apiUrl)
  const call = async <T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> => {
    const token = await getToken()
    if (!token) throw new HttpError('Unauthorized', 401, { errorCode: 'UNAUTHORIZED' })
    const body = await http.request<ApiEnvelope<T>>(method, `${V1}/dubbing${path}`, { ...options, token })
    return body.result as T
  }
  const id = encodeURIComponent
  return {
    projects: () => call<{ items: DubbingProject[] }>('GET', '/projects').then((r) => r.items),
    create: (body: { name?: string; subtitleKey?: string; subtitleText?: string }) =>
      call<DubbingProjectDetail>('POST', '/projects', { body }),
    project: (projectId: string) => call<DubbingProjectDetail>('GET', `/projects/${id(projectId)}`),
    update: (
      projectId: string,
      body: {
        name?: string
        voiceCode?: string
        duckDb?: number
        muteOriginal?: boolean
        /** A new rule reads the kept subtitle file again (the lines are replaced); null = the default. */
        typesetting?: TypesettingRule | null
      },
    ) => call<DubbingProject>('PATCH', `/projects/${id(projectId)}`, { body }),
    duplicate: (projectId: string) => call<DubbingProject>('POST', `/projects/${id(projectId)}/duplicate`),
    remove: (projectId: string) => call<{ id: string }>('DELETE', `/projects/${id(projectId)}`),
    uploadUrl: (extension: string, size: number) =>
      call<UploadTarget>('GET', '/upload-url', { params: { extension, size } }),
    attachMedia: (projectId: string, key: string) =>
      call<DubbingProject>('PUT', `/projects/${id(projectId)}/media`, { body: { key } }),
    mediaUrl: (projectId: string) =>
      call<{ url: string; kind: string }>('GET', `/projects/${id(projectId)}/media-url`),
    editLine: (
      projectId: string,
      lineId: string,
      body: {
        text?: string
        startMs?: number
        endMs?: number
        speaker?: string | null
        fix?: { maxSpeedup?: number; borrowNextGap?: boolean; acceptOverrun?: boolean } | null
      },
    ) => call<{ id: string }>('PATCH', `/projects/${id(projectId)}/lines/${id(lineId)}`, { body }),
    setSpeaker: (projectId: string, name: string, voiceCode: string, speed: number) =>
      call<DubbingSpeaker>('PUT', `/projects/${id(projectId)}/speakers/${id(name)}`, {
        body: { voiceCode, speed },
      }),
    /** One line as MP3 (an object URL the caller revokes). */
    preview: async (projectId: string, lineId: string): Promise<string> => {
      const token = await getToken()
      const response = await fetch(
        `${apiUrl}${V1}/dubbing/projects/${id(projectId)}/lines/${id(lineId)}/preview`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token ?? ''}` },
        },
      )
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { error_code?: string }
        throw new HttpError(`Request failed with status code ${response.status}`, response.status, {
          errorCode: body.error_code,
        })
      }
      return URL.createObjectURL(await response.blob())
    },
    render: (projectId: string) => call<DubbingRender>('POST', `/projects/${id(projectId)}/render`),
    regenerate: (projectId: string, lineId: string) =>
      call<DubbingRender>('POST', `/projects/${id(projectId)}/lines/${id(lineId)}/regenerate`),
    cancel: (renderId: string) => call<DubbingRender>('DELETE', `/renders/${id(renderId)}`),
    download: (renderId: string, file: DubbingRenderFile) =>
      call<{ url: string }>('GET', `/renders/${id(renderId)}/download`, { params: { file } }),
    eventsUrl: async (renderId: string) =>
      `${apiUrl}${V1}/dubbing/renders/${id(renderId)}/events?access_token=${encodeURIComponent((await getToken()) ?? '')}`,
    dubbingVoices: async () => {
      const token = await getToken()
      const body = await http.request<ApiEnvelope<{ items: Voice[] }>>('GET', `${V1}/voices`, {
        params: { hasDubbing: true, limit: 100 },
        token,
      })
      return body.result?.items ?? []
    },
  }
}

export type DubbingApi = ReturnType<typeof createDubbingApi>

/** PUTs a file to a signed upload URL, reporting the share sent (0–1); resolves when stored. */
export const uploadWithProgress = (target: UploadTarget, file: File, onProgress: (ratio: number) => void) =>
  new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(target.method, target.url)
    for (const [k, v] of Object.entries(target.headers)) xhr.setRequestHeader(k, v)
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total)
    }
    xhr.onload = () =>
      xhr.status < 300
        ? resolve()
        : reject(new HttpError(`Upload failed with status ${xhr.status}`, xhr.status))
    xhr.onerror = () => reject(new HttpError('Network error', 0, { errorCode: 'ERR_NETWORK' }))
    xhr.send(file)
  })

/** `m:ss.t` for the editor and player. */
export const clock = (ms: number): string => {
  const s = Math.max(0, ms) / 1000
  const m = Math.floor(s / 60)
  return `${m}:${(s - m * 60).toFixed(1).padStart(4, '0')}`
}

/** `m:ss.t` / `ss.t` typed by a user → milliseconds (undefined when not a time). */
export const parseClock = (value: string): number | undefined => {
  const m = /^\s*(?:(\d+):)?(\d{1,2}(?:[.,]\d{1,3})?)\s*$/.exec(value)
  if (!m) return undefined
  return Math.round((Number(m[1] ?? 0) * 60 + Number(m[2]!.replace(',', '.'))) * 1000)
}

/** The line being spoken at `ms` (by the placed times of the last render when known). */
export const lineAt = (lines: readonly DubbingLine[], ms: number): DubbingLine | undefined =>
  lines.find((l) => ms >= (l.fit?.placedStartMs ?? l.startMs) && ms < (l.fit?.placedEndMs ?? l.endMs))
