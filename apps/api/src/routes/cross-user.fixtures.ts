/**
 * The objects user A owns for the cross-user test: one of each resource with an id in an API path, created
 * through the public API as a customer would (no rows written by hand), plus A's reads of them.
 */
import { expect } from 'vitest'
import type { Resource } from './cross-user.table.ts'
import type { SynthesisTestApi } from './synthesis/test-setup.ts'

const SRT = `1
00:00:00,500 --> 00:00:02,500
Lan: Xin chào anh.

2
00:00:03,000 --> 00:00:05,000
Minh: Chào em, lâu rồi không gặp.

3
00:00:05,500 --> 00:00:07,000
Lan: Anh khoẻ không?

4
00:00:07,500 --> 00:00:09,000
Minh: Anh khoẻ, cảm ơn em.
`
const VOICE = 'hn_female_thuha_news'

export interface Owner {
  token: string
  appToken: string
  appId: string
  ids: Record<Resource, Record<string, string>>
}

type Api = SynthesisTestApi

const ok = async (res: Promise<{ statusCode: number; body: string; json: () => unknown }>) => {
  const done = await res
  expect([200, 202], done.body).toContain(done.statusCode)
  const body = done.json() as { result?: unknown } & Record<string, unknown>
  return (body.result ?? body) as Record<string, unknown>
}

/** A signed-in user with an API app and credits in every wallet. */
export const signUp = async (api: Api, sub: string) => {
  for (const product of ['aivoice', 'aivoiceapi', 'aidubbing'] as const)
    await api.setBalance(sub, 100_000, product)
  const token = await api.token(sub)
  const created = await ok(
    api.call({ method: 'POST', url: '/api/v1/api-apps', token, payload: { name: `App ${sub}` } }),
  )
  const app = created.app as { app_id: string }
  return { token, appToken: created.token as string, appId: app.app_id }
}

export const createOwnedObjects = async (api: Api, sub: string): Promise<Owner> => {
  const { token, appToken, appId } = await signUp(api, sub)
  const user = (method: 'POST' | 'GET', url: string, payload?: object) =>
    ok(api.call({ method, url, token, ...(payload ? { payload } : {}) }))
  const asApp = (url: string, payload: object, headers: Record<string, string> = {}) =>
    ok(
      api.call({
        method: 'POST',
        url,
        payload,
        headers: { authorization: `Bearer ${appToken}`, ...headers },
      }),
    )

  const synthesis = await user('POST', '/api/v1/synthesis', { text: 'Xin chào các bạn.' })
  const studio = await user('POST', '/api/v1/studio-projects', {
    title: 'Dự án của A',
    paragraphs: [{ text: 'Đoạn một.', voice_code: VOICE, speed: 1 }],
  })
  const dubbing = await user('POST', '/api/v1/dubbing/projects', { name: 'Phim của A', subtitle_text: SRT })
  const lines = dubbing.lines as { id: string }[]
  const speakers = dubbing.speakers as { name: string }[]
  const render = await user('POST', `/api/v1/dubbing/projects/${String(dubbing.id)}/render`, {})
  const entry = await user('POST', '/api/v1/pronunciation-dictionary', { word: 'WHO', reading: 'hu' })
  const order = await user('POST', '/api/v1/orders', {
    package_code: 'STUDIO-STANDARD-MONTH-V3.1',
    payment_method: 'VIETQR',
  })
  const ticket = await user('POST', '/api/v1/support-tickets', {
    category: 'BUG',
    subject: 'Lỗi của A',
    content: 'Tệp tải về không mở được, nhờ kiểm tra giúp.',
  })
  const tts = await asApp('/api/v1/tts', { input_text: 'Xin chào.', voice_code: VOICE })
  const v1 = await asApp('/v1/tts', { text: 'Xin chào.' }, { 'app-id': appId })
  const devDub = await asApp('/api/v1/dubbing', { subtitle_text: SRT })
  const callPrompt = await user('POST', '/api/v1/call-prompts', {
    script: 'Chào {{ten}}.',
    rows: [{ ten: 'An' }],
  })

  const ttsId = String(tts.request_id)
  return {
    token,
    appToken,
    appId,
    ids: {
      // `n`: the first MP3 part published while it rendered (GET …/parts/{n}).
      synthesis: { id: String(synthesis.request_id), n: '0' },
      studioProject: { id: String(studio.id) },
      dubbingProject: { id: String(dubbing.id) },
      dubbingLine: { id: String(dubbing.id), lineId: lines[0]!.id },
      dubbingSpeaker: { id: String(dubbing.id), name: speakers[0]!.name },
      dubbingRender: { id: String(render.render_id ?? render.id) },
      apiApp: { id: appId },
      apiRequest: { id: appId, request_id: ttsId },
      dictionaryEntry: { id: String(entry.id) },
      order: { code: (order.order as { code: string }).code },
      supportTicket: { id: String(ticket.id) },
      developerTts: { request_id: ttsId },
      developerV1Tts: { requestId: String(v1.requestId ?? v1.request_id) },
      developerDubbing: { render_id: String(devDub.render_id) },
      callPrompt: { id: String(callPrompt.id) },
    },
  }
}

/** A's reads of every object (what B's attempts must leave as they were). */
export const ownerReads = (owner: Owner): string[] => [
  `/api/v1/synthesis/${owner.ids.synthesis.id}`,
  `/api/v1/studio-projects/${owner.ids.studioProject.id}`,
  `/api/v1/dubbing/projects/${owner.ids.dubbingProject.id}`,
  `/api/v1/dubbing/renders/${owner.ids.dubbingRender.id}`,
  `/api/v1/api-apps/${owner.ids.apiApp.id}`,
  `/api/v1/pronunciation-dictionary`,
  `/api/v1/orders/${owner.ids.order.code}`,
  `/api/v1/support-tickets/${owner.ids.supportTicket.id}`,
  `/api/v1/call-prompts/${owner.ids.callPrompt.id}`,
]

/** B's lists, none of which may show A's objects. */
export const LISTS = [
  '/api/v1/synthesis',
  '/api/v1/studio-projects',
  '/api/v1/dubbing/projects',
  '/api/v1/api-apps',
  '/api/v1/pronunciation-dictionary',
  '/api/v1/orders',
  '/api/v1/support-tickets',
  '/api/v1/call-prompts',
]

/** Waits until every job A started is final, so A's reads stop changing on their own. */
export const waitAllFinal = async (api: Api, owner: Owner) => {
  const user = { authorization: `Bearer ${owner.token}` }
  const app = { authorization: `Bearer ${owner.appToken}`, 'app-id': owner.appId }
  const watched: [string, Record<string, string>][] = [
    [`/api/v1/synthesis/${owner.ids.synthesis.id}`, user],
    [`/api/v1/dubbing/renders/${owner.ids.dubbingRender.id}`, user],
    [`/api/v1/tts/${owner.ids.developerTts.request_id}`, app],
    [`/v1/tts/requests/${owner.ids.developerV1Tts.requestId}`, app],
    [`/api/v1/dubbing/${owner.ids.developerDubbing.render_id}`, app],
    [`/api/v1/call-prompts/${owner.ids.callPrompt.id}`, user],
  ]
  for (const [url, headers] of watched) {
    const until = Date.now() + 120_000
    while ((await api.call({ method: 'GET', url, headers })).body.includes('IN_PROGRESS')) {
      if (Date.now() > until) throw new Error(`${url} is still in progress`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}
