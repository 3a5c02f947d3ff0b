'use client'
/**
 * The back-office's calls: the product API's `/api/v1/admin/...` command and read endpoints, and the flag
 * service's admin API (`/api/admin/...`, which accepts the same SSO token when it carries `admin` on `loa-flags`).
 * Errors are `HttpError` with the server's `error_code`; the screens translate them with `adminErrorKey`.
 */
import { useEffect, useMemo, useRef } from 'react'
import { useAuth } from '@/components/auth/AuthProvider'
import { usePublicConfig } from '@/components/shell/config-context'
import { buildUrl, createHttpClient, HttpError, type HttpMethod } from '@/lib/http/client'

import type {
  Product,
  Page,
  UserRow,
  LedgerEntry,
  UserPage,
  Dashboard,
  AuditRow,
  CatalogueRow,
  FlagRule,
  Flag,
  FlagAudit,
  TicketStatus,
  Ticket,
  ContactMessage,
  ContactStatus,
  OrderFilter,
  Order,
  PaymentEvent,
  OrderDetail,
  QueueJob,
  InstalledVoices,
  VoiceInstall,
  VoiceProvider,
  VoiceProviderInput,
  ProviderProbe,
} from '@/lib/admin/types'

export * from '@/lib/admin/types'

/** The environment the web's client key reads (`sdk-loa-web`). */
export const FLAGS_ENVIRONMENT = 'production'

type Token = () => Promise<string | undefined>

const createAdminApi = (apiUrl: string, flagsUrl: string, getToken: Token) => {
  const api = createHttpClient(apiUrl)
  const flags = createHttpClient(flagsUrl)
  const call = async <T>(method: HttpMethod, path: string, body?: unknown, params?: object): Promise<T> => {
    const answer = await api.request<{ result: T }>(method, `/api/v1/admin${path}`, {
      token: await getToken(),
      body,
      params: params as Record<string, string | number | undefined>,
    })
    return answer.result
  }
  // Flag rules are GrowthBook objects (camelCase inside): keys go and come back exactly as written.
  const flagCall = async <T>(method: HttpMethod, path: string, body?: unknown): Promise<T> => {
    const answer = await flags.request<{ result: T }>(method, `/api/admin${path}`, {
      token: await getToken(),
      body,
      rawKeys: true,
      rawResponse: true,
    })
    return answer.result
  }
  return {
    dashboard: (days: number) => call<Dashboard>('GET', '/dashboard', undefined, { days }),
    users: (q: string, offset: number, limit = 20) =>
      call<Page<UserRow>>('GET', '/users', undefined, { q: q || undefined, offset, limit }),
    user: (id: string) => call<UserPage>('GET', `/users/${encodeURIComponent(id)}`),
    entries: (id: string, offset: number, limit = 20) =>
      call<Page<LedgerEntry>>('GET', `/users/${encodeURIComponent(id)}/entries`, undefined, {
        offset,
        limit,
      }),
    adjust: (id: string, body: { product: Product; delta: number; reason: string; idempotencyKey: string }) =>
      call<{ entryId: string; balance: number; replayed: boolean }>(
        'POST',
        `/users/${encodeURIComponent(id)}/credits/adjust`,
        body,
      ),
    setLocked: (id: string, locked: boolean, reason: string) =>
      call<{ locked: boolean }>('POST', `/users/${encodeURIComponent(id)}/${locked ? 'lock' : 'unlock'}`, {
        reason,
      }),
    audit: (filter: { offset: number; limit?: number; action?: string; targetId?: string }) =>
      call<Page<AuditRow>>('GET', '/audit', undefined, { limit: 50, ...filter }),
    tickets: (status: TicketStatus | '', offset: number, limit = 20) =>
      call<Page<Ticket>>('GET', '/support/tickets', undefined, {
        status: status || undefined,
        offset,
        limit,
      }),
    setTicketStatus: (id: string, status: TicketStatus) =>
      call<{ status: TicketStatus }>('POST', `/support/tickets/${encodeURIComponent(id)}/status`, { status }),
    reply: (kind: 'tickets' | 'contacts', id: string, text: string, idempotencyKey: string) =>
      call<{ to: string; queued: boolean }>('POST', `/support/${kind}/${encodeURIComponent(id)}/reply`, {
        text,
        idempotencyKey,
      }),
    contacts: (status: ContactStatus | '', offset: number, limit = 20) =>
      call<Page<ContactMessage>>('GET', '/support/contacts', undefined, {
        status: status || undefined,
        offset,
        limit,
      }),
    setContactStatus: (id: number, status: ContactStatus) =>
      call<{ status: ContactStatus }>('POST', `/support/contacts/${id}/status`, { status }),
    orders: (filter: OrderFilter, offset: number, limit = 20) =>
      call<Page<Order>>('GET', '/orders', undefined, { ...filter, offset, limit }),
    order: (code: string) => call<OrderDetail>('GET', `/orders/${encodeURIComponent(code)}`),
    markOrderPaid: (code: string, body: { bankReference: string; amount: number; reason: string }) =>
      call<{ status: string }>('POST', `/orders/${encodeURIComponent(code)}/mark-paid`, body),
    cancelOrder: (code: string, reason: string) =>
      call<{ status: string }>('POST', `/orders/${encodeURIComponent(code)}/cancel`, { reason }),
    refund: (code: string, reason: string) =>
      call<{ creditsRevoked: number }>('POST', `/orders/${encodeURIComponent(code)}/refund`, { reason }),
    paymentEvents: (outcome: string, offset: number, limit = 20) =>
      call<Page<PaymentEvent>>('GET', '/payments/events', undefined, {
        outcome,
        unresolved: 'true',
        offset,
        limit,
      }),
    matchTransfer: (eventId: string, orderCode: string, reason: string) =>
      call<{ status: string }>('POST', `/payments/events/${eventId}/match`, { orderCode, reason }),
    resolveEvent: (eventId: string, reason: string) =>
      call<{ resolvedAt: string }>('POST', `/payments/events/${eventId}/resolve`, { reason }),
    /** The filtered orders as a CSV file, downloaded by the browser (the call needs the bearer token). */
    exportOrders: async (filter: OrderFilter) => {
      const url = buildUrl(apiUrl, '/api/v1/admin/orders.csv', { ...filter })
      const response = await fetch(url, { headers: { authorization: `Bearer ${await getToken()}` } })
      if (!response.ok)
        throw new HttpError(`Request failed with status code ${response.status}`, response.status)
      const link = document.createElement('a')
      link.href = URL.createObjectURL(await response.blob())
      link.download = 'orders.csv'
      link.click()
      URL.revokeObjectURL(link.href)
    },
    jobs: (kind: 'failed' | 'stuck', offset: number, limit = 20) =>
      call<Page<QueueJob> & { adapter: string }>('GET', '/jobs', undefined, { kind, offset, limit }),
    jobAction: (id: string, action: 'retry' | 'cancel', reason: string) =>
      call<{ state: string }>('POST', `/jobs/${encodeURIComponent(id)}/${action}`, { reason }),
    list: (resource: string, offset: number, limit = 50) =>
      call<Page<CatalogueRow>>('GET', `/${resource}`, undefined, { offset, limit }),
    create: (resource: string, body: Record<string, unknown>) =>
      call<CatalogueRow>('POST', `/${resource}`, body),
    patch: (resource: string, key: string, body: Record<string, unknown>) =>
      call<CatalogueRow>('PATCH', `/${resource}/${encodeURIComponent(key)}`, body),
    /** Speaks the voice's sample again (the start-up code), audited; answers the new sample's URL. */
    regenerateSample: (code: string) =>
      call<{ sampleAudioUrl: string }>('POST', `/voices/${encodeURIComponent(code)}/sample`, {}),
    /** The voices folder: installed neural voices, unusable files, installs started on this API. */
    installedVoices: () => call<InstalledVoices>('GET', '/installed-voices'),
    /** Starts installing a Piper voice by name or `.onnx` URL (in the background; poll `installedVoices`). */
    installVoice: (source: string) => call<VoiceInstall>('POST', '/installed-voices', { source }),
    removeVoice: (name: string) =>
      call<{ name: string }>('DELETE', `/installed-voices/${encodeURIComponent(name)}`),
    /** Voice providers: the file's (read-only) and those added on the screen; the prefix key variables need. */
    voiceProviders: () => call<{ providers: VoiceProvider[]; keyPrefix: string }>('GET', '/voice-providers'),
    addVoiceProvider: (id: string, body: VoiceProviderInput) =>
      call<VoiceProvider>('POST', '/voice-providers', { id, ...body }),
    saveVoiceProvider: (id: string, body: VoiceProviderInput) =>
      call<VoiceProvider>('PUT', `/voice-providers/${encodeURIComponent(id)}`, body),
    deleteVoiceProvider: (id: string) =>
      call<{ id: string }>('DELETE', `/voice-providers/${encodeURIComponent(id)}`),
    /** Speaks one short sentence through the provider; the coded result. */
    testVoiceProvider: (id: string) =>
      call<ProviderProbe>('POST', `/voice-providers/${encodeURIComponent(id)}/test`, {}),
    flags: () => flagCall<{ features: Flag[] }>('GET', '/features').then((r) => r.features),
    setFlagDefault: (key: string, value: unknown) =>
      flagCall<Flag>('PATCH', `/features/${encodeURIComponent(key)}`, { default_value: value }),
    setFlagEnabled: (key: string, enabled: boolean) =>
      flagCall<Flag>('PATCH', `/features/${encodeURIComponent(key)}`, {
        environments: { [FLAGS_ENVIRONMENT]: { enabled } },
      }),
    setFlagRules: (key: string, rules: FlagRule[]) =>
      flagCall<Flag>('PUT', `/features/${encodeURIComponent(key)}/environments/${FLAGS_ENVIRONMENT}/rules`, {
        rules,
      }),
    flagAudit: (key: string) =>
      flagCall<{ entries: FlagAudit[] }>(
        'GET',
        `/audit?entity_type=feature&entity_id=${encodeURIComponent(key)}&limit=20`,
      ).then((r) => r.entries),
  }
}

export type AdminApi = ReturnType<typeof createAdminApi>

export const useAdminApi = (): AdminApi => {
  const config = usePublicConfig()
  const { getToken } = useAuth()
  const latest = useRef(getToken)
  useEffect(() => {
    latest.current = getToken
  }, [getToken])
  return useMemo(
    () => createAdminApi(config.apiUrl, config.flagsUrl, () => latest.current()),
    [config.apiUrl, config.flagsUrl],
  )
}

/** Codes the back-office translates itself (`admin.errors.*`); anything else reads as a generic failure. */
const KNOWN = new Set([
  'FORBIDDEN',
  'UNAUTHORIZED',
  'VALIDATION_FAILED',
  'USER_NOT_FOUND',
  'CODE_ALREADY_EXISTS',
  'CREDIT_ADJUSTMENT_TOO_LARGE',
  'IDEMPOTENCY_KEY_REUSED',
  'SSO_OPERATOR_UNAVAILABLE',
  'ORDER_NOT_FOUND',
  'ORDER_NOT_PENDING',
  'ORDER_NOT_REFUNDABLE',
  'PAYMENT_AMOUNT_MISMATCH',
  'PAYMENT_EVENT_NOT_MATCHABLE',
  'JOB_NOT_FOUND',
  'VOICE_NOT_INSTALLED',
  'VOICE_PROVIDER_NOT_FOUND',
  'VOICE_PROVIDER_EXISTS',
  'VOICE_PROVIDER_READ_ONLY',
  'VOICE_CODE_TAKEN',
  'VOICE_PROVIDER_KEY_NAME',
  'VOICE_PROVIDER_KEY_NOT_SET',
  'JOB_STATE_CONFLICT',
  'QUEUE_UNAVAILABLE',
  'CONTACT_NOT_FOUND',
  'VOICE_NOT_FOUND',
  'VOICE_SAMPLE_FAILED',
  'PACKAGE_NOT_FOUND',
  'VOUCHER_NOT_FOUND',
  'NEWS_NOT_FOUND',
  'SAMPLE_SCRIPT_NOT_FOUND',
  'ERR_NETWORK',
  'ECONNABORTED',
])

export const adminErrorKey = (error: unknown): string => {
  const code = error instanceof HttpError ? error.code : undefined
  return code && KNOWN.has(code) ? `errors.${code}` : 'errors.generic'
}

/** A fresh key per operator intent (one form submission); a repeat of the same submission reuses it. */
export const newIdempotencyKey = (): string =>
  `web-${Date.now().toString(36)}-${crypto.getRandomValues(new Uint32Array(2)).join('')}`
