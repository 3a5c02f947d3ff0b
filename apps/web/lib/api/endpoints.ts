/**
 * Every product-API call the web makes, with the error behaviour of spec §7/§8 in this one place:
 * most calls swallow errors and return null, an empty object or the error body; orders give `{status: 0}`.
 */
import type { HttpClient } from '../http/client'
import { HttpError } from '../http/client'
import type {
  ApiEnvelope,
  Banner,
  ContactForm,
  DemoEvent,
  NewsPost,
  PresignedUpload,
  UsagePackage,
  Voice,
  VoiceQuery,
} from './types'

const V1 = '/api/v1'

/** The error body when the server sent one, otherwise a status-0 envelope with the message. */
export const errorBody = (error: unknown): ApiEnvelope<never> => {
  if (error instanceof HttpError && error.body && typeof error.body === 'object') {
    return error.body as ApiEnvelope<never>
  }
  const code = error instanceof HttpError ? error.code : undefined
  return { status: 0, errorCode: code, errorMessage: (error as Error)?.message }
}

const orNull = async <T>(call: Promise<T>): Promise<T | null> => {
  try {
    return await call
  } catch {
    return null
  }
}

const orErrorBody = async <T>(call: Promise<ApiEnvelope<T>>): Promise<ApiEnvelope<T>> => {
  try {
    return await call
  } catch (error) {
    return errorBody(error)
  }
}

/** Lists in results come as arrays or wrapped (`items`, `voices`, `packages`, `news`…): take the first array. */
export const pickList = <T>(result: unknown, ...keys: string[]): T[] => {
  if (Array.isArray(result)) return result as T[]
  if (result && typeof result === 'object') {
    for (const key of [...keys, 'items', 'data', 'rows']) {
      const value = (result as Record<string, unknown>)[key]
      if (Array.isArray(value)) return value as T[]
    }
  }
  return []
}

export const createApi = (http: HttpClient) => ({
  /** Public catalogue; the error body is returned on failure. */
  getVoices: (query: VoiceQuery = {}) =>
    orErrorBody(
      http.request<ApiEnvelope<{ total?: number; items?: Voice[] }>>('GET', `${V1}/voices`, {
        params: { ...query },
      }),
    ),
  getSampleScripts: () => orNull(http.request<ApiEnvelope<unknown>>('GET', `${V1}/sample-scripts`)),
  /** Catalogue texts come in the page's language (`locale`; Vietnamese when absent). */
  getLandingPackages: (locale?: string) =>
    orNull(
      http.request<ApiEnvelope<unknown>>('GET', `${V1}/packages`, {
        params: { active: true, purchasable: true, isLandingPage: true, locale },
      }),
    ).then((body) => pickList<UsagePackage>(body?.result, 'packages')),
  /** Posts of the locale; when it has none the API falls back to Vietnamese ones (each post says its `locale`). */
  getNews: (params: { blog?: string; limit?: number; offset?: number; locale?: string } = {}) =>
    orNull(http.request<ApiEnvelope<unknown>>('GET', `${V1}/news`, { params })).then((body) =>
      pickList<NewsPost>(body?.result, 'news', 'posts'),
    ),
  /** Spec §7: error gives null. The image is the locale's (its text is in that language). */
  getActiveBanners: (locale?: string) =>
    orNull(http.request<ApiEnvelope<unknown>>('GET', `${V1}/banners/active`, { params: { locale } })).then(
      (body) => (body ? pickList<Banner>(body.result, 'banners') : null),
    ),
  /** Returns the body; on error the error body (so the form can show field errors). */
  postContact: (form: ContactForm) =>
    orErrorBody(http.request<ApiEnvelope<unknown>>('POST', `${V1}/contacts`, { body: form })),
  /** Returns result, null on error. */
  postDemoEvent: (event: DemoEvent) =>
    orNull(http.request<ApiEnvelope<unknown>>('POST', `${V1}/demo-events`, { body: event })).then(
      (body) => body?.result ?? null,
    ),
  increaseAffiliateClicks: (code: string) =>
    orNull(
      http.request<ApiEnvelope<unknown>>('PUT', `${V1}/affiliateMarketer/increase-number-of-clicks`, {
        body: { code },
      }),
    ),
  getShortlink: (code: string) =>
    orNull(
      http.request<ApiEnvelope<Record<string, unknown>>>(
        'GET',
        `${V1}/shortlink/${encodeURIComponent(code)}`,
      ),
    ),
  updateAffiliateMarketer: (token: string, affiliateCode: string, affiliateTime: string) =>
    orNull(
      http.request<ApiEnvelope<unknown>>('PUT', `${V1}/users/update-affiliate-marketer`, {
        token,
        body: { affiliateCode, affiliateTime },
      }),
    ),
  updateAdsProvider: (token: string, adsProvider: string, adsProviderTime: string) =>
    orNull(
      http.request<ApiEnvelope<unknown>>('PUT', `${V1}/users/update-ads-provider`, {
        token,
        body: { adsProvider, adsProviderTime },
      }),
    ),
  /** Reads result, default empty object. */
  getMe: (token: string) =>
    orNull(http.request<ApiEnvelope<Record<string, unknown>>>('GET', `${V1}/me`, { token })).then(
      (body) => body?.result ?? {},
    ),
  postOnline: (token: string) =>
    orNull(http.request<ApiEnvelope<unknown>>('POST', `${V1}/online`, { token })),
  /** Orders: on error returns status 0. */
  getOrders: (token: string, params: { usagePackage?: string; type?: string; status?: string }) =>
    http
      .request<ApiEnvelope<unknown>>('GET', `${V1}/orders`, {
        token,
        params: { type: 'STUDIO', status: 'PAID', ...params },
      })
      .catch((): ApiEnvelope<unknown> => ({ status: 0 })),
  getPublicVouchers: (locale?: string) =>
    orNull(http.request<ApiEnvelope<unknown>>('GET', `${V1}/public-vouchers`, { params: { locale } })),
  /** The voucher offered above the page (the user version with a token); its texts in the page's `locale`. */
  getVoucherBanner: (token?: string | null, locale?: string) =>
    orNull(
      http.request<ApiEnvelope<unknown>>(
        'GET',
        token ? `${V1}/vouchers/banner/user` : `${V1}/vouchers/banner`,
        { token, params: { locale } },
      ),
    ),
  getVouchers: (token: string) =>
    orNull(http.request<ApiEnvelope<unknown>>('GET', `${V1}/vouchers`, { token })),
  getPaidOrderVouchers: (token: string, locale?: string) =>
    orNull(
      http.request<ApiEnvelope<unknown>>('GET', `${V1}/vouchers/paid-orders`, { token, params: { locale } }),
    ),
  requestDeleteAccount: (contact: string) =>
    orErrorBody(
      http.request<ApiEnvelope<unknown>>('POST', `${V1}/request-to-delete-account`, { body: { contact } }),
    ),
  /** Presigned upload URL for a support-ticket attachment; throws so the form can report the failure. */
  getSupportUploadUrl: (
    params: { extension: string; directory: string; fileName: string; nonSuffix?: boolean },
    token?: string | null,
  ) =>
    http
      .request<ApiEnvelope<PresignedUpload>>('GET', `${V1}/support-tickets/presigned-url-for-uploading`, {
        params,
        token,
      })
      .then((body) => body.result ?? null),
  createSupportTicket: (
    ticket: {
      name: string
      email: string
      phoneNumber?: string
      category: string
      subject: string
      content: string
      attachments: string[]
    },
    token?: string | null,
  ) =>
    orErrorBody(http.request<ApiEnvelope<unknown>>('POST', `${V1}/support-tickets`, { body: ticket, token })),
})

export type Api = ReturnType<typeof createApi>
