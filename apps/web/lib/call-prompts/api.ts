'use client'
/** Signed-in calls of the call-prompt studio (`/api/v1/call-prompts`, issue 30 §4); camelCase answers. */
import { createHttpClient, HttpError, type HttpMethod, type RequestOptions } from '@/lib/http/client'
import type { ApiEnvelope } from '@/lib/api/types'

/** The files a job writes (the API's `format`), Asterisk's 8 kHz WAV first (the default). */
export const CALL_PROMPT_FORMATS = ['wav_8000', 'ulaw', 'alaw', 'sln', 'ulaw_wav', 'alaw_wav'] as const
export type CallPromptFormat = (typeof CALL_PROMPT_FORMATS)[number]

export interface RowProblem {
  row: number
  column: string
  problem: string
  value?: string
}

export interface CallPromptCheck {
  variables: { name: string; type: string }[]
  rowCount: number
  validRows: number
  characters: number
  credits: number
  balance: number
  missingColumns: string[]
  unusedColumns: string[]
  problems: RowProblem[]
  problemCount: number
  firstText: string | null
}

export interface CallPromptJob {
  id: string
  title: string
  status: 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE' | 'CANCELLED'
  progress: number
  format: CallPromptFormat
  rowCount: number
  doneRows: number
  failedRows: number
  characters: number
  charactersCharged: number
  zipUrl: string | null
  failures: { row: number; errorCode: string | null }[]
  errorCode: string | null
  createdAt: string
}

export interface CallPromptInput {
  script: string
  csv: string
  voiceCode?: string
}

export const createCallPromptApi = (apiUrl: string, getToken: () => Promise<string | undefined>) => {
  const http = createHttpClient(apiUrl)
  // Bodies keep their keys as written (CSV columns are the user's names); answers come back camelCased.
  const call = async <T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> => {
    const token = await getToken()
    if (!token) throw new HttpError('Unauthorized', 401, { errorCode: 'UNAUTHORIZED' })
    const body = await http.request<ApiEnvelope<T>>(method, `/api/v1/call-prompts${path}`, {
      ...options,
      token,
      rawKeys: true,
    })
    return body.result as T
  }
  const wire = (input: CallPromptInput) => ({
    script: input.script,
    csv: input.csv,
    ...(input.voiceCode ? { voice_code: input.voiceCode } : {}),
  })
  return {
    list: () =>
      call<{ total: number; balance: number; items: CallPromptJob[] }>('GET', '', { params: { limit: 10 } }),
    check: (input: CallPromptInput) => call<CallPromptCheck>('POST', '/check', { body: wire(input) }),
    preview: (input: CallPromptInput, row: number) =>
      call<{ text: string }>('POST', '/preview', { body: { ...wire(input), row } }),
    /** `idempotencyKey`: one per script, rows and format — a repeated click never makes a second job. */
    create: (input: CallPromptInput & { format: CallPromptFormat; idempotencyKey: string }) =>
      call<CallPromptJob>('POST', '', {
        body: { ...wire(input), format: input.format },
        headers: { 'idempotency-key': input.idempotencyKey },
      }),
    job: (id: string) => call<CallPromptJob>('GET', `/${encodeURIComponent(id)}`),
    cancel: (id: string) => call<CallPromptJob>('DELETE', `/${encodeURIComponent(id)}`),
  }
}
export type CallPromptApi = ReturnType<typeof createCallPromptApi>
