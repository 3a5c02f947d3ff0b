'use client'
/**
 * Signed-in product-API calls of the studio, payments page and API console. Calls throw `HttpError` (with the
 * API's `error_code`) so each screen can show a translated notification; bodies are camelized by the client.
 */
import { useEffect, useMemo, useRef } from 'react'
import { useAuth } from '@/components/auth/AuthProvider'
import { usePublicConfig } from '@/components/shell/config-context'
import { createHttpClient, HttpError, type HttpMethod, type RequestOptions } from '@/lib/http/client'
import { camelizeKeys, type Region } from '@loa/contracts/browser'
import type { TelephoneFormat } from './downloads'
import type { ProjectBody, StudioProject, StudioProjectSummary } from './projects'
import type {
  ApiApp,
  ApiAppWithToken,
  ApiEnvelope,
  TokenLifetimeDays,
  UsagePackage,
  Voice,
} from '@/lib/api/types'

const V1 = '/api/v1'

export type SynthesisStatus = 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE' | 'CANCELLED'

export interface Synthesis {
  requestId: string
  title: string
  source: string
  /** The API app of an API/stream request (null for the studio). */
  apiAppId: string | null
  status: SynthesisStatus
  progress: number
  /** MP3 parts published so far while it renders (issue 31). */
  audioParts: number
  characters: number
  chargedCharacters: number | null
  voiceCode: string
  /** Every voice of the request's paragraphs, each once, in the order first used. */
  voiceCodes: string[]
  audioType: string
  durationMs: number | null
  errorCode: string | null
  errorMessage: string | null
  createdAt: string
  finishedAt: string | null
  audioLink: string | null
  timelineLink: string | null
}

export interface SynthesisDetail extends Synthesis {
  text: string
  paragraphs: { text: string; voiceCode: string; speed: number }[]
}

/** Why the normalizer is not sure of a reading (the API's `doubt`; null when sure). */
export type ReadingDoubt =
  'unknown-acronym' | 'capitalised-word' | 'code' | 'date-or-number' | 'ambiguous-abbreviation'

export interface PreviewSpan {
  kind: string
  text: string
  source: string
  srcStart: number
  srcEnd: number
  outStart: number
  outEnd: number
  doubt?: ReadingDoubt | null
}

export interface Preview {
  text: string
  characters: number
  spans: PreviewSpan[]
}

export type DictionaryRegion = Region

/** A pronunciation dictionary entry: `word` is read as `reading` (in every region when `region` is null). */
export interface DictionaryEntry {
  id: string
  word: string
  reading: string
  region: DictionaryRegion | null
  createdAt: string
  updatedAt: string
}

export interface DictionaryEntryInput {
  word: string
  reading: string
  region: DictionaryRegion | null
}

/** The timeline JSON of a finished request (`timelineLink`): the wire type the engine writes. */
export type { Timeline, TimelineSentence } from '@loa/contracts/browser'

export interface Profile {
  id: string
  email: string | null
  name: string | null
  creditsBalance: number
  packageCode: string | null
  packageExpiresAt: string | null
  package: { code: string; name: string; type: string; family: string; expiresAt: string | null } | null
}

export type { ApiApp } from '@/lib/api/types'

/** One day of an app's usage (a calendar day in Vietnam). */
export interface UsageDay {
  date: string
  requests: number
  characters: number
  chargedCharacters: number
}

export interface AppUsage {
  appId: string
  timeZone: string
  from: string
  to: string
  days: UsageDay[]
  totals: Omit<UsageDay, 'date'>
}

export interface CallbackAttempt {
  attempt: number
  url: string
  /** Exactly what was POSTed (snake_case, as the developer's server received it). */
  payload: unknown
  statusCode: number | null
  ok: boolean
  error: string | null
  durationMs: number
  createdAt: string
}

export interface CallbackLog {
  requestId: string
  callbackUrl: string | null
  result: 'SUCCESS' | 'FAILURE' | 'PENDING'
  attempts: CallbackAttempt[]
}

interface CallbackLogWire {
  request_id: string
  callback_url: string | null
  result: CallbackLog['result']
  attempts: {
    attempt: number
    url: string
    payload: unknown
    status_code: number | null
    ok: boolean
    error: string | null
    duration_ms: number
    created_at: string
  }[]
}

export interface Order {
  id: string
  packageCode: string
  type: string
  status: string
  price: number
  discount: number
  total: number
  voucherCode: string | null
  paidAt: string | null
  expiresAt: string | null
  createdAt: string
  inUse: boolean
}

export interface Voucher {
  code: string
  title: string
  description: string
  discountPercent: number | null
  discountAmount: number | null
  endsAt: string | null
}

export const pickArray = <T>(result: unknown, ...keys: string[]): T[] => {
  if (Array.isArray(result)) return result as T[]
  if (result && typeof result === 'object') {
    for (const key of [...keys, 'items', 'data', 'rows']) {
      const value = (result as Record<string, unknown>)[key]
      if (Array.isArray(value)) return value as T[]
    }
  }
  return []
}

export const createStudioApi = (apiUrl: string, getToken: () => Promise<string | undefined>) => {
  const http = createHttpClient(apiUrl)
  const call = async <T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> => {
    const token = await getToken()
    if (!token) throw new HttpError('Unauthorized', 401, { errorCode: 'UNAUTHORIZED' })
    const body = await http.request<ApiEnvelope<T>>(method, `${V1}${path}`, { ...options, token })
    return body.result as T
  }
  return {
    apiUrl,
    getToken,
    /** `locale`: the plan's name in the page's language. */
    me: (locale?: string) => call<Profile>('GET', '/me', { params: { locale } }),
    voices: (params: Record<string, string | number | undefined>) =>
      call<{ total: number; items: Voice[] }>('GET', '/voices', { params }),
    preview: (text: string, voiceCode?: string) =>
      call<Preview>('POST', '/synthesis/preview', { body: { text, voiceCode } }),
    synthesize: (body: {
      title: string
      paragraphs: { text: string; voiceCode: string; speed: number }[]
      audioType?: 'mp3' | 'wav'
    }) => call<Synthesis>('POST', '/synthesis', { body }),
    synthesis: (id: string) => call<SynthesisDetail>('GET', `/synthesis/${encodeURIComponent(id)}`),
    history: (params: { offset?: number; limit?: number; q?: string } = {}) =>
      call<{ total: number; items: Synthesis[] }>('GET', '/synthesis', { params }),
    remove: (id: string) =>
      call<{ cancelled: boolean; deleted: boolean }>('DELETE', `/synthesis/${encodeURIComponent(id)}`),
    download: (id: string, format: 'mp3' | 'wav' | 'srt' | 'vtt' | 'json' | TelephoneFormat) =>
      call<{ url: string; format: string; expiresAt: string }>(
        'GET',
        `/synthesis/${encodeURIComponent(id)}/download`,
        { params: { format } },
      ),
    /** Part `n` of a request's MP3 while it renders (its bytes; issue 31). Throws HttpError when not there. */
    audioPart: async (id: string, n: number): Promise<ArrayBuffer> => {
      const token = await getToken()
      const path = `${V1}/synthesis/${encodeURIComponent(id)}/parts/${n}`
      const response = await fetch(`${apiUrl}${path}`, {
        headers: { authorization: `Bearer ${token ?? ''}` },
      })
      if (!response.ok) throw new HttpError(`GET ${path}: ${response.status}`, response.status)
      return response.arrayBuffer()
    },
    /** The SSE URL of a request's progress (EventSource cannot send headers: token in the query). */
    eventsUrl: async (id: string) => {
      const token = await getToken()
      return `${apiUrl}${V1}/synthesis/${encodeURIComponent(id)}/events?access_token=${encodeURIComponent(token ?? '')}`
    },
    dictionary: () =>
      call<{ total: number; maxEntries: number; entries: DictionaryEntry[] }>(
        'GET',
        '/pronunciation-dictionary',
      ),
    addEntry: (body: DictionaryEntryInput) =>
      call<DictionaryEntry>('POST', '/pronunciation-dictionary', { body }),
    updateEntry: (id: string, body: DictionaryEntryInput) =>
      call<DictionaryEntry>('PUT', `/pronunciation-dictionary/${encodeURIComponent(id)}`, { body }),
    removeEntry: (id: string) =>
      call<{ id: string; deleted: boolean }>('DELETE', `/pronunciation-dictionary/${encodeURIComponent(id)}`),
    /** Studio projects: the drafts saved on the server, last saved first. */
    projects: (params: { offset?: number; limit?: number } = {}) =>
      call<{ total: number; items: StudioProjectSummary[] }>('GET', '/studio-projects', { params }),
    project: (id: string) => call<StudioProject>('GET', `/studio-projects/${encodeURIComponent(id)}`),
    createProject: (body: ProjectBody) => call<StudioProject>('POST', '/studio-projects', { body }),
    /** Saves based on `revision`; 409 STUDIO_PROJECT_REVISION_CONFLICT when it was saved elsewhere since. */
    saveProject: (id: string, body: ProjectBody & { revision: number }) =>
      call<StudioProject>('PUT', `/studio-projects/${encodeURIComponent(id)}`, { body }),
    renameProject: (id: string, title: string) =>
      call<StudioProject>('PATCH', `/studio-projects/${encodeURIComponent(id)}`, { body: { title } }),
    removeProject: (id: string) =>
      call<{ id: string; deleted: boolean }>('DELETE', `/studio-projects/${encodeURIComponent(id)}`),
    apps: () => call<{ apps: ApiApp[] }>('GET', '/api-apps').then((r) => r.apps),
    createApp: (name: string, callbackUrl: string | null, expiresInDays: TokenLifetimeDays = null) =>
      call<ApiAppWithToken>('POST', '/api-apps', { body: { name, callbackUrl, expiresInDays } }),
    /** A new token (answered this once); the old one keeps working for the API's grace period. */
    rotateAppToken: (id: string, expiresInDays: TokenLifetimeDays) =>
      call<ApiAppWithToken>('POST', `/api-apps/${encodeURIComponent(id)}/rotate-token`, {
        body: { expiresInDays },
      }),
    updateApp: (id: string, patch: { name?: string; callbackUrl?: string | null }) =>
      call<ApiApp>('PATCH', `/api-apps/${encodeURIComponent(id)}`, { body: patch }),
    revokeApp: (id: string) => call<ApiApp>('DELETE', `/api-apps/${encodeURIComponent(id)}`),
    /** Requests and characters of one app per day: the `days` days ending today (Vietnam days). */
    appUsage: (id: string, days: number) =>
      call<AppUsage>('GET', `/api-apps/${encodeURIComponent(id)}/usage`, { params: { days } }),
    appRequests: (id: string, limit = 20) =>
      call<{ total: number; items: Synthesis[] }>('GET', `/api-apps/${encodeURIComponent(id)}/requests`, {
        params: { limit },
      }),
    /** Every callback delivery attempt of one of the app's requests (no app token needed). */
    appCallbacks: async (id: string, requestId: string): Promise<CallbackLog> => {
      // Kept as sent (no camelCase): callback payloads are shown exactly as delivered.
      const log = await call<CallbackLogWire>(
        'GET',
        `/api-apps/${encodeURIComponent(id)}/requests/${encodeURIComponent(requestId)}/callbacks`,
        { rawResponse: true },
      )
      return {
        requestId: log.request_id,
        callbackUrl: log.callback_url,
        result: log.result,
        attempts: log.attempts.map((a) => ({
          attempt: a.attempt,
          url: a.url,
          payload: a.payload,
          statusCode: a.status_code,
          ok: a.ok,
          error: a.error,
          durationMs: a.duration_ms,
          createdAt: a.created_at,
        })),
      }
    },
    /** Names in the page's language (`locale`), not the browser's (issue 28). */
    packages: (locale?: string) =>
      call<unknown>('GET', '/packages', { params: { active: true, purchasable: true, locale } }).then((r) =>
        pickArray<UsagePackage>(r, 'packages'),
      ),
    orders: () => call<unknown>('GET', '/orders').then((r) => pickArray<Order>(r, 'orders')),
    vouchers: (locale?: string) =>
      call<unknown>('GET', '/vouchers', { params: { locale } }).then((r) =>
        pickArray<Voucher>(r, 'vouchers'),
      ),
  }
}

export type StudioApi = ReturnType<typeof createStudioApi>

/** The studio API bound to the signed-in user's token (refreshed when about to expire). */
export const useStudioApi = (): StudioApi => {
  const config = usePublicConfig()
  const { getToken } = useAuth()
  const latest = useRef(getToken)
  useEffect(() => {
    latest.current = getToken
  }, [getToken])
  return useMemo(() => createStudioApi(config.apiUrl, () => latest.current()), [config.apiUrl])
}

/** Fetches a JSON document from a signed link (the timeline). */
/** The request a progress event (`progress`, `done`) carries: the API's wire shape, camelized. */
export const parseSynthesisEvent = (data: string): Synthesis => camelizeKeys<Synthesis>(JSON.parse(data))

export const fetchJson = async <T>(url: string): Promise<T> => {
  const response = await fetch(url, { cache: 'no-store' })
  if (!response.ok) throw new HttpError(`Request failed with status code ${response.status}`, response.status)
  return (await response.json()) as T
}
