import { app as t, openTestDatabase, SEEDS, type Database } from '@loa/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

describe('voice sample seed', () => {
  it('speaks one real MP3 sentence per catalogue voice through the file sink, once', async () => {
    const seed = SEEDS.find((s) => s.name === 'app-voice-samples')!
    const files = new Map<string, { bytes: Uint8Array; type: string }>()
    const writeFile = async (key: string, bytes: Uint8Array, type: string) => {
      files.set(key, { bytes, type })
      return `http://files.test/${key}`
    }
    await seed.run({ db: database.db, options: { writeFile } })
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
    await seed.run({ db: database.db, options: { writeFile } })
    expect(files.size).toBe(0)
  }, 300_000)
})
