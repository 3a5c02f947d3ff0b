import { randomUUID } from 'node:crypto'
import { app as t, openTestDatabase, type Database } from '@loa/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paragraphVoiceCodes, summaryColumns, toSummaryRow } from './rows.ts'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
}, 60_000)
afterAll(() => database?.close())

const insert = async (paragraphs: unknown) => {
  const id = randomUUID()
  await database.db.insert(t.synthesisRequests).values({
    id,
    userId: 'u-rows',
    source: 'STUDIO',
    title: 'voices',
    text: 'x',
    paragraphs,
    voiceCode: 'hn_female_thuha_news',
    audioType: 'mp3',
    bitrate: 128,
    sampleRate: 22050,
    speedRate: 1,
    characters: 1,
  })
  return id
}

const summary = async (id: string) => {
  const [row] = await database.db
    .select(summaryColumns)
    .from(t.synthesisRequests)
    .where(eq(t.synthesisRequests.id, id))
  return row!
}

describe('the summary of a request carries the voices of its paragraphs', () => {
  it('lists each voice once, in the order first used, preferring the catalogue code asked for', async () => {
    const paragraphs = [
      { text: 'Một.', voiceCode: 'engine_a', voice: 'sg_male_minhhoang_full', speed: 1 },
      { text: 'Hai.', voiceCode: 'hn_female_thuha_news', speed: 1 },
      { text: 'Ba.', voiceCode: 'engine_a', voice: 'sg_male_minhhoang_full', speed: 1.25 },
      { text: 'Bốn.', voiceCode: 'hue_female_huonggiang_full', speed: 1 },
    ]
    const expected = ['sg_male_minhhoang_full', 'hn_female_thuha_news', 'hue_female_huonggiang_full']
    const id = await insert(paragraphs)
    const row = await summary(id)
    expect(row.voiceCodes).toEqual(expected)
    // The summary never carries the text.
    expect(row).not.toHaveProperty('text')
    expect(row).not.toHaveProperty('paragraphs')
    // The same answer computed from a full row (a request just created).
    const [full] = await database.db.select().from(t.synthesisRequests).where(eq(t.synthesisRequests.id, id))
    expect(toSummaryRow(full!).voiceCodes).toEqual(expected)
    expect(paragraphVoiceCodes(paragraphs)).toEqual(expected)
  })

  it('answers one voice for a single-voice request and none for malformed paragraphs', async () => {
    const one = await insert([{ text: 'Xin chào.', voiceCode: 'hn_female_thuha_news', speed: 1 }])
    expect((await summary(one)).voiceCodes).toEqual(['hn_female_thuha_news'])
    const odd = await insert({ not: 'an array' })
    expect((await summary(odd)).voiceCodes).toEqual([])
    expect(paragraphVoiceCodes(null)).toEqual([])
    expect(paragraphVoiceCodes([{ text: 'no voice' }, 3])).toEqual([])
  })
})
