import { app as t } from '@loa/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'
import { takeClauses } from './protocol.ts'

/** `GET /v1/tts/stream-input` (issue 30 §2) over a real socket with the `ws` client. */
let api: SynthesisTestApi
let wsBase: string
beforeAll(async () => {
  api = await startSynthesisTestApi({ env: { TTS_APP_MAX_CONCURRENT: '3' } })
  const address = await api.app.listen({ port: 0, host: '127.0.0.1' })
  wsBase = address.replace(/^http/, 'ws')
}, 120_000)
afterAll(async () => {
  await api?.close()
})

const newApp = async (sub: string, credits = 10_000) => {
  await api.setBalance(sub, credits, 'aivoiceapi')
  const res = await api.call({
    method: 'POST',
    url: '/api/v1/api-apps',
    token: await api.token(sub),
    payload: { name: 'Tác tử thoại' },
  })
  expect(res.statusCode, res.body).toBe(200)
  const { app, token } = res.json().result as { app: { app_id: string }; token: string }
  return { appId: app.app_id, authorization: `Bearer ${token}` }
}

interface Frame {
  audio?: string
  isFinal?: boolean
  contextId?: string
  alignment?: { chars: string[]; charStartTimesMs: number[]; charDurationsMs: number[] }
  requestId?: string
  closed?: boolean
  error?: { code: string; message: string }
}

/** Opens a socket; resolves once open with a frame log and a way to wait for a frame. */
const connect = async (query: string, headers: Record<string, string> = {}) => {
  const socket = new WebSocket(`${wsBase}/v1/tts/stream-input?${query}`, { headers })
  const frames: Frame[] = []
  const waiters: { test: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = []
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as Frame
    frames.push(frame)
    for (const w of [...waiters])
      if (w.test(frame)) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(frame)
      }
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  )
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
    socket.once('error', reject)
  })
  const next = (test: (f: Frame) => boolean, ms = 30_000) =>
    new Promise<Frame>((resolve, reject) => {
      const found = frames.find(test)
      if (found) return resolve(found)
      waiters.push({ test, resolve })
      setTimeout(
        () => reject(new Error(`no such frame in ${ms} ms: ${JSON.stringify(frames.slice(-3))}`)),
        ms,
      )
    })
  const send = (message: Record<string, unknown>) => socket.send(JSON.stringify(message))
  return { socket, frames, next, send, closed }
}

const rowsOf = (appId: string) =>
  api.database.db.select().from(t.synthesisRequests).where(eq(t.synthesisRequests.apiAppId, appId))

describe('takeClauses', () => {
  it('cuts at sentence and clause ends once the next word began, commas only in long clauses', () => {
    expect(takeClauses('Xin chào. Tôi là')).toEqual([['Xin chào. '], 'Tôi là'])
    expect(takeClauses('Xin chào.')).toEqual([[], 'Xin chào.'])
    expect(takeClauses('Dạ, em nghe')).toEqual([[], 'Dạ, em nghe'])
    const long = 'Quý khách vui lòng chờ trong giây lát để được kết nối tới tổng đài viên, '
    expect(takeClauses(`${long}xin cảm ơn`)).toEqual([[long], 'xin cảm ơn'])
  })
})

describe('GET /v1/tts/stream-input', () => {
  it('streams a text word by word and answers audio for every clause with its timing, then isFinal', async () => {
    const { appId, authorization } = await newApp('ws-words', 1_000)
    const ws = await connect('voice=hn_female_thuha_news&output_format=pcm_16000', { authorization })
    const text = 'Xin chào quý khách. Tổng đài xin nghe; quý khách cần hỗ trợ gì ạ?'
    ws.send({ text: ' ' })
    for (const word of text.split(' ')) ws.send({ text: `${word} ` })
    ws.send({ text: '' })
    await ws.next((f) => f.isFinal === true)
    const clauses = ws.frames.filter((f) => f.alignment)
    expect(clauses.map((c) => c.alignment!.chars.join('').trim())).toEqual([
      'Xin chào quý khách.',
      'Tổng đài xin nghe;',
      'quý khách cần hỗ trợ gì ạ?',
    ])
    for (const c of clauses) {
      const { charStartTimesMs: starts } = c.alignment!
      expect(starts.every((s, i) => i === 0 || s >= starts[i - 1]!)).toBe(true)
    }
    const audio = Buffer.concat(ws.frames.filter((f) => f.audio).map((f) => Buffer.from(f.audio!, 'base64')))
    expect(audio.length / 2 / 16000).toBeGreaterThan(2)
    ws.socket.close()
    await ws.closed
    // One streamed request per clause, each charged per character from the API wallet.
    const rows = await rowsOf(appId)
    expect(rows.map((r) => r.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS'])
    const charged = rows.reduce((n, r) => n + (r.chargedCharacters ?? 0), 0)
    expect(await api.balance('ws-words', 'aivoiceapi')).toBe(1_000 - charged)
  }, 120_000)

  it('keeps several contexts on one socket; closing one stops it (barge-in) and releases its credits', async () => {
    const { appId, authorization } = await newApp('ws-barge')
    const ws = await connect('output_format=ulaw_8000', { authorization })
    const long = 'Đây là một câu trả lời rất dài của trợ lý ảo. '.repeat(12)
    ws.send({ text: long, context_id: 'a', flush: true })
    await ws.next((f) => f.contextId === 'a' && Boolean(f.audio))
    ws.send({ close_context: true, context_id: 'a' })
    await ws.next((f) => f.contextId === 'a' && f.closed === true)
    const afterClose = ws.frames.length
    ws.send({ text: 'Dạ, em xin lỗi. ', context_id: 'b' })
    ws.send({ text: '', context_id: 'b' })
    await ws.next((f) => f.contextId === 'b' && f.isFinal === true)
    expect(ws.frames.slice(afterClose).filter((f) => f.contextId === 'a')).toEqual([])
    expect(ws.frames.some((f) => f.contextId === 'b' && f.audio)).toBe(true)
    ws.send({ close_socket: true })
    expect((await ws.closed).code).toBe(1000)
    const rows = await rowsOf(appId)
    expect(rows.map((r) => r.status).sort()).toEqual(expect.arrayContaining(['FAILURE', 'SUCCESS']))
    expect(rows.find((r) => r.status === 'FAILURE')).toMatchObject({ errorCode: 'STREAM_ABORTED' })
  }, 120_000)

  it('lets a browser in with a single-use ticket bound to the app, never with a long-lived token in the URL', async () => {
    const { authorization } = await newApp('ws-ticket')
    const res = await api.call({ method: 'POST', url: '/v1/tts/stream-tickets', headers: { authorization } })
    expect(res.statusCode, res.body).toBe(200)
    const { ticket, url, expiresAt } = res.json()
    expect(url).toBe(`/v1/tts/stream-input?ticket=${ticket}`)
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60_000)
    const ws = await connect(`ticket=${ticket}&output_format=mp3_22050_32`)
    ws.send({ text: 'Xin chào. ', flush: true })
    await ws.next((f) => Boolean(f.alignment))
    ws.socket.close()
    await expect(connect(`ticket=${ticket}`)).rejects.toThrow('HTTP 401')
    await expect(connect('')).rejects.toThrow('HTTP 401')
  }, 120_000)

  it('holds the app to its concurrency limit and closes an idle socket with a coded error', async () => {
    const { authorization } = await newApp('ws-limits')
    const open = await Promise.all([1, 2, 3].map(() => connect('', { authorization })))
    await expect(connect('', { authorization })).rejects.toThrow('HTTP 429')
    for (const ws of open) ws.socket.close()
    await Promise.all(open.map((ws) => ws.closed))
    const idle = await connect('inactivity_timeout=1', { authorization })
    const error = await idle.next((f) => Boolean(f.error), 5_000)
    expect(error.error!.code).toBe('STREAM_INPUT_IDLE')
    expect((await idle.closed).code).toBe(1008)
  }, 60_000)
})
