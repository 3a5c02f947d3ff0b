import { app as t, openTestDatabase, type Database } from '@loa/db'
import { generateVoiceSamples } from '@loa/synthesis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

describe('voice samples (a start-up step of the composer)', () => {
  it('speaks one real MP3 sentence per catalogue voice through the file sink, once', async () => {
    const files = new Map<string, { bytes: Uint8Array; type: string }>()
    const writeFile = async (key: string, bytes: Uint8Array, type: string) => {
      files.set(key, { bytes, type })
      return `http://files.test/${key}`
    }
    await generateVoiceSamples({ db: database.db, writeFile })
    const voices = await database.db.select().from(t.voices)
    expect(voices.length).toBeGreaterThanOrEqual(9)
    for (const v of voices) {
      expect(v.sampleAudioUrl).toBe(`http://files.test/voices/samples/${v.code}.mp3`)
      const file = files.get(`voices/samples/${v.code}.mp3`)!
      expect(file.type).toBe('audio/mpeg')
      const b = file.bytes
      const mp3 =
        (b[0] === 0x49 && b[1] === 0x44 && b[2] === 0x33) || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0)
      expect(mp3).toBe(true)
      expect(b.length).toBeGreaterThan(2_000)
    }
    files.clear()
    await generateVoiceSamples({ db: database.db, writeFile })
    expect(files.size).toBe(0)
  }, 300_000)
})

describe('GET /api/v1/media/voices/samples/{file}', () => {
  it('serves a sample written by the seed writer, and nothing outside the public prefix', async () => {
    const { startTestApi } = await import('./test/harness.ts')
    const { createSampleFileWriter } = await import('./lib/sample-writer.ts')
    const api = await startTestApi()
    try {
      const write = createSampleFileWriter(api.storage!, api.config.publicUrl)
      const url = await write(
        'voices/samples/x-voice.mp3',
        new Uint8Array([0x49, 0x44, 0x33, 4, 0]),
        'audio/mpeg',
      )
      expect(url).toBe(`${api.config.publicUrl}/api/v1/media/voices/samples/x-voice.mp3`)
      const res = await api.call({ method: 'GET', url: new URL(url).pathname })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('audio/mpeg')
      expect(res.rawPayload.subarray(0, 3).toString()).toBe('ID3')
      expect(
        (await api.call({ method: 'GET', url: '/api/v1/media/voices/samples/none.mp3' })).json().error_code,
      ).toBe('FILE_NOT_FOUND')
      expect(
        (await api.call({ method: 'GET', url: '/api/v1/media/voices/samples/..%2F..%2Fsecrets.mp3' }))
          .statusCode,
      ).toBe(400)
    } finally {
      await api.close()
    }
  })
})
