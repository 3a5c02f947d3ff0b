import { app as t } from '@loa/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_DICTIONARY_ENTRIES } from '../../services/pronunciation.ts'
import { startTestApi, type TestApi } from '../../test/harness.ts'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi({ storage: false })
})
afterAll(() => api?.close())

const URL = '/api/v1/pronunciation-dictionary'

const as = async (sub: string) => {
  const token = await api.token(sub)
  return {
    list: () => api.call({ method: 'GET', url: URL, token }),
    add: (payload: Record<string, unknown>) => api.call({ method: 'POST', url: URL, token, payload }),
    put: (id: string, payload: Record<string, unknown>) =>
      api.call({ method: 'PUT', url: `${URL}/${id}`, token, payload }),
    del: (id: string) => api.call({ method: 'DELETE', url: `${URL}/${id}`, token }),
  }
}

describe('pronunciation dictionary: CRUD', () => {
  it('adds, lists (sorted by word), replaces and deletes entries', async () => {
    const me = await as('u-dict')
    const empty = await me.list()
    expect(empty.statusCode).toBe(200)
    expect(empty.json().result).toEqual({ total: 0, max_entries: MAX_DICTIONARY_ENTRIES, entries: [] })

    const who = await me.add({ word: '  WHO ', reading: 'hu' })
    expect(who.statusCode, who.body).toBe(200)
    expect(who.json().result).toMatchObject({ word: 'WHO', reading: 'hu', region: null })
    const ai = await me.add({ word: 'AI', reading: 'ây  ai', region: 'SOUTH' })
    expect(ai.json().result).toMatchObject({ word: 'AI', reading: 'ây ai', region: 'SOUTH' })

    const listed = (await me.list()).json().result
    expect(listed.total).toBe(2)
    expect(listed.entries.map((e: { word: string }) => e.word)).toEqual(['AI', 'WHO'])

    const id = who.json().result.id as string
    const replaced = await me.put(id, { word: 'WHO', reading: 'đáp liu hát ô', region: 'NORTH' })
    expect(replaced.statusCode, replaced.body).toBe(200)
    expect(replaced.json().result).toMatchObject({ id, reading: 'đáp liu hát ô', region: 'NORTH' })
    expect(Date.parse(replaced.json().result.updated_at)).toBeGreaterThanOrEqual(
      Date.parse(who.json().result.updated_at),
    )
    // PUT replaces the whole entry: no region means every region again.
    expect((await me.put(id, { word: 'WHO', reading: 'hu' })).json().result.region).toBeNull()

    const deleted = await me.del(id)
    expect(deleted.json().result).toEqual({ id, deleted: true })
    expect((await me.list()).json().result.total).toBe(1)
    const again = await me.del(id)
    expect(again.statusCode).toBe(404)
    expect(again.json().error_code).toBe('DICTIONARY_ENTRY_NOT_FOUND')
  })

  it('keeps one entry per word and region, comparing words like the matcher (case, spaces, NFD)', async () => {
    const me = await as('u-dict-dup')
    const first = await me.add({ word: 'Vinamilk', reading: 'vi na miu' })
    expect(first.statusCode).toBe(200)
    for (const word of ['vinamilk', ' VinaMILK ', 'Vinamilk'.normalize('NFD')]) {
      const dup = await me.add({ word, reading: 'khác' })
      expect(dup.statusCode, word).toBe(409)
      expect(dup.json()).toMatchObject({
        error_code: 'DICTIONARY_ENTRY_EXISTS',
        details: { id: first.json().result.id },
      })
    }
    const composed = await me.add({ word: 'Hồ   Chí Minh'.normalize('NFD'), reading: 'hồ chí minh' })
    expect(composed.json().result.word).toBe('Hồ Chí Minh')
    const dupComposed = await me.add({ word: 'hồ chí minh', reading: 'x' })
    expect(dupComposed.json().error_code).toBe('DICTIONARY_ENTRY_EXISTS')
    // The same word for one region is another entry; twice for that region is not.
    const south = await me.add({ word: 'vinamilk', reading: 'vi na min', region: 'SOUTH' })
    expect(south.statusCode).toBe(200)
    expect((await me.add({ word: 'ViNaMiLk', reading: 'y', region: 'SOUTH' })).statusCode).toBe(409)
    // A word in capitals only is an acronym with its own entry: "AI" is not the Vietnamese word "ai".
    expect((await me.add({ word: 'AI', reading: 'ây ai' })).statusCode).toBe(200)
    expect((await me.add({ word: 'ai', reading: 'người nào' })).statusCode).toBe(200)
    expect((await me.add({ word: ' AI ', reading: 'a i' })).json().error_code).toBe('DICTIONARY_ENTRY_EXISTS')
    // Editing an entry into another one's word and region is refused; keeping its own word is fine.
    const moved = await me.put(south.json().result.id, { word: 'vinamilk', reading: 'z' })
    expect(moved.statusCode).toBe(409)
    expect(moved.json().error_code).toBe('DICTIONARY_ENTRY_EXISTS')
    const same = await me.put(south.json().result.id, { word: 'VinaMilk', reading: 'z', region: 'SOUTH' })
    expect(same.json().result).toMatchObject({ word: 'VinaMilk', reading: 'z', region: 'SOUTH' })
  })

  it('rejects bad words and readings with stable codes, and changes nothing', async () => {
    const me = await as('u-dict-bad')
    const cases: [Record<string, unknown>, number, string][] = [
      [{ word: '', reading: 'a' }, 400, 'DICTIONARY_WORD_INVALID'],
      [{ word: '   ', reading: 'a' }, 400, 'DICTIONARY_WORD_INVALID'],
      [{ word: '!!!', reading: 'a' }, 400, 'DICTIONARY_WORD_INVALID'],
      [{ word: 'x'.repeat(101), reading: 'a' }, 400, 'DICTIONARY_WORD_INVALID'],
      [{ word: 'a\u0007b', reading: 'a' }, 400, 'DICTIONARY_WORD_INVALID'],
      [{ word: 'a\u200bb', reading: 'a' }, 400, 'DICTIONARY_WORD_INVALID'],
      [{ word: '<break time="1s"/>', reading: 'a' }, 400, 'DICTIONARY_WORD_INVALID'],
      [{ word: 'AI', reading: '' }, 400, 'DICTIONARY_READING_INVALID'],
      [{ word: 'AI', reading: 'ây 1' }, 400, 'DICTIONARY_READING_INVALID'],
      [{ word: 'AI', reading: 'a <break time="5s"/>' }, 400, 'DICTIONARY_READING_INVALID'],
      [{ word: 'AI', reading: 'a. b' }, 400, 'DICTIONARY_READING_INVALID'],
      [{ word: 'AI', reading: '- ,' }, 400, 'DICTIONARY_READING_INVALID'],
      [{ word: 'AI', reading: 'a'.repeat(301) }, 400, 'DICTIONARY_READING_INVALID'],
      [{ word: 'AI', reading: 'a', region: 'MARS' }, 400, 'VALIDATION_FAILED'],
      [{ word: 'AI' }, 400, 'VALIDATION_FAILED'],
      [{ word: 'x'.repeat(5_000), reading: 'a' }, 400, 'VALIDATION_FAILED'],
    ]
    for (const [payload, status, code] of cases) {
      const res = await me.add(payload)
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(status)
      expect(res.json().error_code, JSON.stringify(payload).slice(0, 60)).toBe(code)
    }
    expect((await me.list()).json().result.total).toBe(0)
    // Letters with marks, hyphens, apostrophes and commas are fine.
    const okay = await me.add({ word: 'C++', reading: "xi plớt-plớt, o'key" })
    expect(okay.statusCode, okay.body).toBe(200)
    const badPut = await me.put(okay.json().result.id, { word: 'C++', reading: '42' })
    expect(badPut.json().error_code).toBe('DICTIONARY_READING_INVALID')
    expect((await me.list()).json().result.entries[0].reading).toBe("xi plớt-plớt, o'key")
  })

  it(`stops at ${MAX_DICTIONARY_ENTRIES} entries per user`, async () => {
    const me = await as('u-dict-full')
    await me.list() // creates the profile
    await api.database.db.insert(t.pronunciationEntries).values(
      Array.from({ length: MAX_DICTIONARY_ENTRIES - 1 }, (_, i) => ({
        userId: 'u-dict-full',
        word: `từ${i}`,
        wordKey: `từ${i}`,
        reading: 'một từ',
      })),
    )
    expect((await me.add({ word: 'cuối', reading: 'cuối cùng' })).statusCode).toBe(200)
    const full = await me.add({ word: 'thừa', reading: 'thừa ra' })
    expect(full.statusCode).toBe(409)
    expect(full.json()).toMatchObject({
      error_code: 'DICTIONARY_LIMIT_REACHED',
      details: { max_entries: MAX_DICTIONARY_ENTRIES },
    })
    // Editing still works at the limit, and deleting makes room.
    const listed = (await me.list()).json().result
    expect(listed.total).toBe(MAX_DICTIONARY_ENTRIES)
    const one = listed.entries[0].id as string
    expect((await me.put(one, { word: 'sửa', reading: 'sửa lại' })).statusCode).toBe(200)
    await me.del(one)
    expect((await me.add({ word: 'thừa', reading: 'thừa ra' })).statusCode).toBe(200)
  })

  it('parallel adds of one user never pass the limit or duplicate a word', async () => {
    const me = await as('u-dict-race')
    await me.list()
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => me.add({ word: 'Đua', reading: `đua ${'a'.repeat(i + 1)}` })),
    )
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409])
    expect((await me.list()).json().result.total).toBe(1)
  })

  it("nobody sees, edits or deletes another user's entries", async () => {
    const owner = await as('u-dict-owner')
    const other = await as('u-dict-other')
    const entry = (await owner.add({ word: 'UBND', reading: 'ủy ban' })).json().result
    expect((await other.list()).json().result.entries).toEqual([])
    for (const res of [
      await other.put(entry.id, { word: 'UBND', reading: 'khác' }),
      await other.del(entry.id),
      await other.del('not-a-uuid'),
    ]) {
      expect(res.statusCode).toBe(404)
      expect(res.json().error_code).toBe('DICTIONARY_ENTRY_NOT_FOUND')
    }
    // The other user may have their own entry for the same word.
    expect((await other.add({ word: 'UBND', reading: 'u bê' })).statusCode).toBe(200)
    expect((await owner.list()).json().result.entries).toMatchObject([{ id: entry.id, reading: 'ủy ban' }])
    expect((await api.call({ method: 'GET', url: URL })).statusCode).toBe(401)
  })

  it('is documented in the OpenAPI reference', async () => {
    const doc = (
      await api.call({
        method: 'GET',
        url: '/api/v1/admin/openapi.json',
        token: await api.token('operator', { roles: ['admin'] }),
      })
    ).json()
    expect(Object.keys(doc.paths[URL]).sort()).toEqual(['get', 'post'])
    expect(Object.keys(doc.paths[`${URL}/{id}`]).sort()).toEqual(['delete', 'put'])
    expect(doc.paths[URL].post.tags).toEqual(['pronunciation-dictionary'])
  })
})
