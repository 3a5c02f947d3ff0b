import { MAX_PARAGRAPHS, MAX_SYNTHESIS_CHARACTERS } from '@loa/contracts'
import { app as t } from '@loa/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'
import { MAX_STUDIO_PROJECTS } from './wire.ts'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi({ storage: false })
})
afterAll(() => api?.close())

const URL = '/api/v1/studio-projects'

const as = async (sub: string) => {
  const token = await api.token(sub)
  return {
    list: (query = '') => api.call({ method: 'GET', url: `${URL}${query}`, token }),
    create: (payload: unknown) => api.call({ method: 'POST', url: URL, token, payload: payload as object }),
    get: (id: string) => api.call({ method: 'GET', url: `${URL}/${id}`, token }),
    save: (id: string, payload: unknown) =>
      api.call({ method: 'PUT', url: `${URL}/${id}`, token, payload: payload as object }),
    rename: (id: string, payload: unknown) =>
      api.call({ method: 'PATCH', url: `${URL}/${id}`, token, payload: payload as object }),
    del: (id: string) => api.call({ method: 'DELETE', url: `${URL}/${id}`, token }),
  }
}

const para = (text: string, voice_code = 'hn_female_thuha_news', speed = 1) => ({ text, voice_code, speed })

describe('studio projects: CRUD with revisions', () => {
  it('creates, reads, saves with the revision, renames, lists newest first and deletes', async () => {
    const me = await as('u-proj')
    expect((await me.list()).json().result).toEqual({ total: 0, items: [] })

    const created = await me.create({
      title: '  Bản tin   sáng ',
      paragraphs: [
        para('Xin chào.'),
        para('Hôm nay <break time="500ms"/> trời đẹp.', 'sg_male_minhhoang_full', 1.25),
      ],
      settings: { pause_ms: 1000 },
    })
    expect(created.statusCode, created.body).toBe(200)
    const project = created.json().result
    expect(project).toMatchObject({
      title: 'Bản tin sáng',
      revision: 1,
      settings: { pause_ms: 1000 },
      paragraphs: [
        para('Xin chào.'),
        para('Hôm nay <break time="500ms"/> trời đẹp.', 'sg_male_minhhoang_full', 1.25),
      ],
    })
    expect((await me.get(project.id)).json().result).toEqual(project)

    const saved = await me.save(project.id, {
      revision: 1,
      title: 'Bản tin sáng',
      paragraphs: [para('Đã sửa.')],
    })
    expect(saved.statusCode, saved.body).toBe(200)
    // Settings left out of a save stay as they were.
    expect(saved.json().result).toMatchObject({
      revision: 2,
      paragraphs: [para('Đã sửa.')],
      settings: { pause_ms: 1000 },
    })

    const renamed = await me.rename(project.id, { title: 'Bản cuối' })
    expect(renamed.json().result).toMatchObject({
      title: 'Bản cuối',
      revision: 3,
      paragraphs: [para('Đã sửa.')],
    })

    const second = (await me.create({ title: '', paragraphs: [para('')] })).json().result
    expect(second).toMatchObject({ title: '', revision: 1, settings: {} })
    // Saving the first again makes it the newest.
    await me.save(project.id, {
      revision: 3,
      title: 'Bản cuối',
      paragraphs: [para('Một  câu <break time="300ms"/> nữa.')],
    })
    const listed = (await me.list()).json().result
    expect(listed.total).toBe(2)
    expect(listed.items.map((i: { id: string }) => i.id)).toEqual([project.id, second.id])
    expect(listed.items[0]).toEqual({
      id: project.id,
      title: 'Bản cuối',
      revision: 4,
      created_at: project.created_at,
      updated_at: expect.any(String),
      paragraph_count: 1,
      characters: [...'Một  câu <break time="300ms"/> nữa.'].length,
      excerpt: 'Một câu nữa.',
    })
    expect(listed.items[0]).not.toHaveProperty('paragraphs')
    const paged = (await me.list('?offset=1&limit=1')).json().result
    expect(paged).toMatchObject({ total: 2, items: [{ id: second.id }] })

    const deleted = await me.del(project.id)
    expect(deleted.json().result).toEqual({ id: project.id, deleted: true })
    const gone = await me.get(project.id)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().error_code).toBe('STUDIO_PROJECT_NOT_FOUND')
    expect((await me.del(project.id)).statusCode).toBe(404)
    expect((await me.get('not-a-uuid')).json().error_code).toBe('STUDIO_PROJECT_NOT_FOUND')
  })

  it('refuses a save based on an older revision with a coded 409 naming the current one', async () => {
    const me = await as('u-proj-stale')
    const project = (await me.create({ title: 'Hai tab', paragraphs: [para('Một.')] })).json().result
    expect(
      (await me.save(project.id, { revision: 1, title: 'Hai tab', paragraphs: [para('Tab A.')] })).statusCode,
    ).toBe(200)
    const stale = await me.save(project.id, { revision: 1, title: 'Hai tab', paragraphs: [para('Tab B.')] })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({
      error_code: 'STUDIO_PROJECT_REVISION_CONFLICT',
      details: { revision: 2 },
    })
    // The newer save is kept.
    expect((await me.get(project.id)).json().result.paragraphs).toEqual([para('Tab A.')])
    // A rename moves the revision too: a save from before it is stale.
    await me.rename(project.id, { title: 'Đổi tên' })
    expect(
      (await me.save(project.id, { revision: 2, title: 'Hai tab', paragraphs: [para('x')] })).statusCode,
    ).toBe(409)
  })
})

describe('studio projects: owner only', () => {
  it("answers 404 for someone else's project on every route, and lists only one's own", async () => {
    const owner = await as('u-proj-owner')
    const other = await as('u-proj-other')
    const project = (await owner.create({ title: 'Riêng tư', paragraphs: [para('Bí mật.')] })).json().result
    for (const res of [
      await other.get(project.id),
      await other.save(project.id, { revision: 1, title: 'x', paragraphs: [para('x')] }),
      await other.rename(project.id, { title: 'x' }),
      await other.del(project.id),
    ]) {
      expect(res.statusCode, res.body).toBe(404)
      expect(res.json().error_code).toBe('STUDIO_PROJECT_NOT_FOUND')
    }
    expect((await other.list()).json().result.total).toBe(0)
    // Untouched.
    expect((await owner.get(project.id)).json().result).toMatchObject({ title: 'Riêng tư', revision: 1 })
    expect((await api.call({ method: 'GET', url: URL })).statusCode).toBe(401)
  })
})

describe('studio projects: bad input', () => {
  it('answers coded 400s for unknown keys, bad sizes and a text over the synthesis limit', async () => {
    const me = await as('u-proj-bad')
    const cases: [unknown, string][] = [
      [{ title: 'x', paragraphs: [para('a')], extra: 1 }, 'VALIDATION_FAILED'],
      [{ title: 'x', paragraphs: [{ ...para('a'), id: 'p1' }] }, 'VALIDATION_FAILED'],
      [{ title: 'x', paragraphs: [] }, 'VALIDATION_FAILED'],
      [{ title: 'x'.repeat(201), paragraphs: [para('a')] }, 'VALIDATION_FAILED'],
      [{ title: 'x', paragraphs: [para('a', 'hn_female_thuha_news', 5)] }, 'VALIDATION_FAILED'],
      [{ title: 'x', paragraphs: [para('a')], settings: { pause_ms: -1 } }, 'VALIDATION_FAILED'],
      [{ title: 'x', paragraphs: [para('a')], settings: { colour: 'red' } }, 'VALIDATION_FAILED'],
      [
        { title: 'x', paragraphs: Array.from({ length: MAX_PARAGRAPHS + 1 }, () => para('a')) },
        'VALIDATION_FAILED',
      ],
      [{ title: 'x', paragraphs: [para('a'.repeat(MAX_SYNTHESIS_CHARACTERS + 1))] }, 'VALIDATION_FAILED'],
      [
        {
          title: 'x',
          paragraphs: [
            para('a'.repeat(MAX_SYNTHESIS_CHARACTERS / 2)),
            para('b'.repeat(MAX_SYNTHESIS_CHARACTERS / 2)),
          ],
        },
        'TEXT_TOO_LONG',
      ],
    ]
    for (const [payload, code] of cases) {
      const res = await me.create(payload)
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400)
      expect(res.json().error_code).toBe(code)
    }
    // A NUL character (JSON allows it, Postgres text and jsonb do not) is a coded 400, never a 500.
    for (const payload of [
      { title: 'a\u0000b', paragraphs: [para('a')] },
      { title: 'x', paragraphs: [para('a\u0000b')] },
      { title: 'x', paragraphs: [para('a', 'hn\u0000')] },
    ]) {
      const res = await me.create(payload)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().error_code).toBe('VALIDATION_FAILED')
    }
    const project = (await me.create({ title: 'ok', paragraphs: [para('a')] })).json().result
    const noRevision = await me.save(project.id, { title: 'x', paragraphs: [para('a')] })
    expect(noRevision.json().error_code).toBe('VALIDATION_FAILED')
    expect((await me.rename(project.id, { title: '   ' })).json().error_code).toBe('VALIDATION_FAILED')
    expect((await me.list('?limit=1000')).json().error_code).toBe('VALIDATION_FAILED')
    expect((await me.list()).json().result.total).toBe(1)
  })

  it(`keeps at most ${MAX_STUDIO_PROJECTS} projects per user (coded 409)`, async () => {
    const me = await as('u-proj-many')
    const first = (await me.create({ title: 'first', paragraphs: [para('a')] })).json().result
    const [row] = await api.database.db
      .select({ userId: t.studioProjects.userId })
      .from(t.studioProjects)
      .where(eq(t.studioProjects.id, first.id))
    await api.database.db.insert(t.studioProjects).values(
      Array.from({ length: MAX_STUDIO_PROJECTS - 1 }, (_, i) => ({
        userId: row!.userId,
        title: `p${i}`,
        paragraphs: [para('a')],
      })),
    )
    const full = await me.create({ title: 'one more', paragraphs: [para('a')] })
    expect(full.statusCode).toBe(409)
    expect(full.json()).toMatchObject({
      error_code: 'STUDIO_PROJECT_LIMIT_REACHED',
      details: { max_projects: MAX_STUDIO_PROJECTS },
    })
    await me.del(first.id)
    expect((await me.create({ title: 'room again', paragraphs: [para('a')] })).statusCode).toBe(200)
  })
})

describe('studio projects: OpenAPI', () => {
  it('describes every field and gives request and response examples', async () => {
    const doc = (
      await api.call({
        method: 'GET',
        url: '/api/v1/admin/openapi.json',
        token: await api.token('operator', { roles: ['admin'] }),
      })
    ).json()
    const list = doc.paths['/api/v1/studio-projects']
    const one = doc.paths['/api/v1/studio-projects/{id}']
    expect(Object.keys(list).sort()).toEqual(['get', 'post'])
    expect(Object.keys(one).sort()).toEqual(['delete', 'get', 'patch', 'put'])
    const save = one.put.requestBody.content['application/json'].schema
    expect(save.example).toMatchObject({ revision: 3, title: expect.any(String) })
    expect(save.properties.revision.description).toMatch(/409/)
    expect(list.post.requestBody.content['application/json'].schema.example.paragraphs).toHaveLength(2)
    expect(one.patch.requestBody.content['application/json'].schema.example).toEqual({
      title: expect.any(String),
    })
    const project = one.get.responses['200'].content['application/json'].schema.properties.result
    expect(project.example).toMatchObject({ revision: 3, paragraphs: expect.any(Array) })
    const summary = list.get.responses['200'].content['application/json'].schema.properties.result
    expect(summary.properties.items.items.example).toMatchObject({ excerpt: expect.any(String) })
    // Every field of what a project is, is described.
    const undescribed = (schema: { properties?: Record<string, { description?: string }> }) =>
      Object.entries(schema.properties ?? {})
        .filter(([, v]) => !v.description)
        .map(([k]) => k)
    expect(undescribed(project)).toEqual([])
    expect(undescribed(summary.properties.items.items)).toEqual([])
    expect(undescribed(save)).toEqual([])
    expect(undescribed(save.properties.settings)).toEqual([])
  })
})
