/**
 * Every operation of the API's OpenAPI document with an id in its path, and what a second caller must get when
 * they use the first caller's id (cross-user.test.ts). A route with a path id that is missing here fails that test:
 * whoever adds one decides here how it is protected.
 *
 * - `user`: a signed-in user's own object. User B gets 404 with the code; A's object is unchanged and no list of
 *   B's shows it.
 * - `app`: a developer-API object owned by an API app. App B's token gets 404 with the code.
 * - `operator`: a back-office or catalogue command. A signed-in user without the operator role gets 403.
 * - `public`: the same for everyone by design (published news, short links) — `why` says so.
 * - `signed`: reachable only with an HMAC-signed URL; any other caller gets 403.
 */
export type Resource =
  | 'synthesis'
  | 'studioProject'
  | 'dubbingProject'
  | 'dubbingLine'
  | 'dubbingSpeaker'
  | 'dubbingRender'
  | 'apiApp'
  | 'apiRequest'
  | 'dictionaryEntry'
  | 'order'
  | 'supportTicket'
  | 'developerTts'
  | 'developerV1Tts'
  | 'developerDubbing'
  | 'callPrompt'

export type Protection =
  | { kind: 'user'; resource: Resource; code: string; status?: number }
  | { kind: 'app'; resource: Resource; code: string; status?: number }
  | { kind: 'operator' }
  | { kind: 'public'; why: string }
  | { kind: 'signed' }

const user = (resource: Resource, code: string, status?: number): Protection => ({
  kind: 'user',
  resource,
  code,
  ...(status ? { status } : {}),
})
const app = (resource: Resource, code: string): Protection => ({ kind: 'app', resource, code })
const operator: Protection = { kind: 'operator' }

const SYNTHESIS = user('synthesis', 'SYNTHESIS_NOT_FOUND')
const STUDIO_PROJECT = user('studioProject', 'STUDIO_PROJECT_NOT_FOUND')
const DUBBING_PROJECT = user('dubbingProject', 'DUBBING_PROJECT_NOT_FOUND')
const DUBBING_LINE = user('dubbingLine', 'DUBBING_PROJECT_NOT_FOUND')
const DUBBING_RENDER = user('dubbingRender', 'DUBBING_RENDER_NOT_FOUND')
const API_APP = user('apiApp', 'API_APP_NOT_FOUND')
const DICTIONARY = user('dictionaryEntry', 'DICTIONARY_ENTRY_NOT_FOUND')
const ORDER = user('order', 'ORDER_NOT_FOUND')

/** `METHOD /path/{param}` → how it is protected. */
export const CROSS_USER_TABLE: Record<string, Protection> = {
  'GET /api/v1/synthesis/{id}': SYNTHESIS,
  'DELETE /api/v1/synthesis/{id}': SYNTHESIS,
  'GET /api/v1/synthesis/{id}/download': SYNTHESIS,
  'GET /api/v1/synthesis/{id}/events': SYNTHESIS,
  'GET /api/v1/synthesis/{id}/parts/{n}': SYNTHESIS,

  'GET /api/v1/studio-projects/{id}': STUDIO_PROJECT,
  'PUT /api/v1/studio-projects/{id}': STUDIO_PROJECT,
  'PATCH /api/v1/studio-projects/{id}': STUDIO_PROJECT,
  'DELETE /api/v1/studio-projects/{id}': STUDIO_PROJECT,

  'GET /api/v1/dubbing/projects/{id}': DUBBING_PROJECT,
  'PATCH /api/v1/dubbing/projects/{id}': DUBBING_PROJECT,
  'DELETE /api/v1/dubbing/projects/{id}': DUBBING_PROJECT,
  'POST /api/v1/dubbing/projects/{id}/duplicate': DUBBING_PROJECT,
  'GET /api/v1/dubbing/projects/{id}/media-url': DUBBING_PROJECT,
  'PUT /api/v1/dubbing/projects/{id}/media': DUBBING_PROJECT,
  'GET /api/v1/dubbing/projects/{id}/renders': DUBBING_PROJECT,
  'POST /api/v1/dubbing/projects/{id}/render': DUBBING_PROJECT,
  'POST /api/v1/dubbing/projects/{id}/lines': DUBBING_PROJECT,
  'PATCH /api/v1/dubbing/projects/{id}/lines/{lineId}': DUBBING_LINE,
  'DELETE /api/v1/dubbing/projects/{id}/lines/{lineId}': DUBBING_LINE,
  'POST /api/v1/dubbing/projects/{id}/lines/{lineId}/preview': DUBBING_LINE,
  'POST /api/v1/dubbing/projects/{id}/lines/{lineId}/regenerate': DUBBING_LINE,
  'PUT /api/v1/dubbing/projects/{id}/speakers/{name}': user('dubbingSpeaker', 'DUBBING_PROJECT_NOT_FOUND'),

  'GET /api/v1/dubbing/renders/{id}': DUBBING_RENDER,
  'DELETE /api/v1/dubbing/renders/{id}': DUBBING_RENDER,
  'GET /api/v1/dubbing/renders/{id}/download': DUBBING_RENDER,
  'GET /api/v1/dubbing/renders/{id}/events': DUBBING_RENDER,

  'GET /api/v1/api-apps/{id}': API_APP,
  'PATCH /api/v1/api-apps/{id}': API_APP,
  'DELETE /api/v1/api-apps/{id}': API_APP,
  'POST /api/v1/api-apps/{id}/rotate-token': API_APP,
  'GET /api/v1/api-apps/{id}/usage': API_APP,
  'GET /api/v1/api-apps/{id}/requests': API_APP,
  'GET /api/v1/api-apps/{id}/requests/{request_id}/callbacks': user('apiRequest', 'API_APP_NOT_FOUND'),

  'PUT /api/v1/pronunciation-dictionary/{id}': DICTIONARY,
  'DELETE /api/v1/pronunciation-dictionary/{id}': DICTIONARY,

  'GET /api/v1/orders/{code}': ORDER,
  'POST /api/v1/orders/{code}/cancel': ORDER,
  'PUT /api/v1/orders/{code}/invoice': ORDER,

  'GET /api/v1/support-tickets/{id}': user('supportTicket', 'SUPPORT_TICKET_NOT_FOUND'),

  // Studio session or app token: a user (or an app) sees only its own jobs.
  'GET /api/v1/call-prompts/{id}': user('callPrompt', 'CALL_PROMPT_NOT_FOUND'),
  'DELETE /api/v1/call-prompts/{id}': user('callPrompt', 'CALL_PROMPT_NOT_FOUND'),

  'GET /api/v1/tts/{request_id}': app('developerTts', 'SYNTHESIS_NOT_FOUND'),
  'GET /api/v1/tts/{request_id}/callback-result': app('developerTts', 'SYNTHESIS_NOT_FOUND'),
  'GET /v1/tts/requests/{requestId}': app('developerV1Tts', 'SYNTHESIS_NOT_FOUND'),
  'GET /api/v1/dubbing/{render_id}': app('developerDubbing', 'DUBBING_RENDER_NOT_FOUND'),

  'GET /api/v1/news/{slug}': { kind: 'public', why: 'published news articles are public pages' },
  'GET /api/v1/shortlink/{code}': { kind: 'public', why: 'short links are shared publicly by design' },
  'GET /api/v1/media/voices/samples/{file}': {
    kind: 'public',
    why: 'voice samples play on the public landing',
  },
  'GET /v1/models/{model}': { kind: 'public', why: "OpenAI's model list: the same for every app" },
  'GET /api/v1/files/{*}': { kind: 'signed' },
  'PUT /api/v1/files/{*}': { kind: 'signed' },

  'PATCH /api/v1/banners/{code}': operator,
  'PATCH /api/v1/news/{slug}': operator,
  'PATCH /api/v1/packages/{code}': operator,
  'PATCH /api/v1/voices/{code}': operator,
  'PATCH /api/v1/vouchers/{code}': operator,
  'POST /api/v1/users/{id}/credits': operator,
}

/** Back-office routes are all operator commands (their role checks: admin/route-table.test.ts). */
export const protectionOf = (operation: string): Protection | undefined =>
  CROSS_USER_TABLE[operation] ?? (/^[A-Z]+ \/api\/v1\/admin\//.test(operation) ? operator : undefined)
