import { app as t } from '@loa/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { synthesisContext } from '../../services/synthesis-context.ts'
import { startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

let api: SynthesisTestApi
beforeAll(async () => {
  api = await startSynthesisTestApi()
}, 60_000)
afterAll(async () => {
  await api?.close()
})

const sentences = Array.from({ length: 12 }, (_, i) => `Đây là câu thứ ${i + 1} của luồng âm thanh.`).join(
  ' ',
)

/** A streamed developer-API request of `sub`'s new app, created as POST /tts/stream creates it. */
const streamedRequest = async (sub: string, credits: number) => {
  await api.setBalance(sub, credits, 'aivoiceapi')
  const res = await api.call({
    method: 'POST',
    url: '/api/v1/api-apps',
    token: await api.token(sub),
    payload: { name: 'Luồng' },
  })
  expect(res.statusCode, res.body).toBe(200)
  const [owner] = await api.database.db
    .select()
    .from(t.apiApps)
    .where(eq(t.apiApps.id, res.json().result.app.app_id))
  const { synthesis } = synthesisContext(api.app)
  const row = await synthesis.create(
    {
      paragraphs: [{ text: sentences, voice: 'sg_male_hoangphuc_film', speed: 1 }],
      audioType: 'mp3',
      bitrate: 128,
      sampleRate: 22050,
    },
    { userId: owner!.userId, source: 'STREAM', app: owner!, enqueue: false },
  )
  return { synthesis, row }
}

const statusOf = async (id: string) =>
  (await api.database.db.select().from(t.synthesisRequests).where(eq(t.synthesisRequests.id, id)))[0]

describe('synthesis.stream (POST /tts/stream and the demo)', () => {
  it('charges a paid request once its last byte is out', async () => {
    const { synthesis, row } = await streamedRequest('u-stream-full', 1_000)
    const speech = synthesis.stream({ row })
    expect(speech).toMatchObject({ format: 'mp3', row: { id: row.id } })
    let bytes = 0
    for await (const chunk of speech.chunks) bytes += chunk.length
    expect(bytes).toBeGreaterThan(1_000)
    expect(await statusOf(row.id)).toMatchObject({ status: 'SUCCESS', chargedCharacters: row.characters })
    expect(await api.balance('u-stream-full', 'aivoiceapi')).toBe(1_000 - row.characters)
  }, 60_000)

  it('releases the credits when the client goes away before the end', async () => {
    const { synthesis, row } = await streamedRequest('u-stream-gone', 1_000)
    expect(await api.balance('u-stream-gone', 'aivoiceapi')).toBe(1_000 - row.characters)
    const speech = synthesis.stream({ row })
    const first = await speech.chunks.next()
    expect(first.done).toBe(false)
    await speech.chunks.return(undefined) // what Readable.from does when the socket closes
    expect(await statusOf(row.id)).toMatchObject({ status: 'FAILURE', errorCode: 'STREAM_ABORTED' })
    expect(await api.balance('u-stream-gone', 'aivoiceapi')).toBe(1_000)
  }, 60_000)

  it('streams the free demo without a request row', async () => {
    const { synthesis } = synthesisContext(api.app)
    const [paragraph] = await synthesis.resolveVoices([
      { text: 'Xin chào.', voice: 'sg_male_hoangphuc_film', speed: 1 },
    ])
    const speech = synthesis.stream(paragraph!)
    expect(speech.row).toBeUndefined()
    let bytes = 0
    for await (const chunk of speech.chunks) bytes += chunk.length
    expect(bytes).toBeGreaterThan(500)
  }, 60_000)
})
