import { randomUUID } from 'node:crypto'
import { app as t, openTestDatabase, type Database } from '@loa/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { failRequest } from '../requests.ts'
import { progressReporter } from './progress.ts'
import { watchRequest } from './watch.ts'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
}, 60_000)
afterAll(() => database?.close())

const newRequest = async () => {
  const id = randomUUID()
  await database.db.insert(t.synthesisRequests).values({
    id,
    userId: 'u-watch',
    source: 'STUDIO',
    title: 'watch',
    text: 'Xin chào.',
    paragraphs: [{ text: 'Xin chào.', voiceCode: 'hn_female_thuha_news', speed: 1 }],
    voiceCode: 'hn_female_thuha_news',
    audioType: 'mp3',
    bitrate: 128,
    sampleRate: 22050,
    speedRate: 1,
    characters: 9,
  })
  return id
}

/** Collects the watch's states with the time each arrived (ms since start). */
const collect = (states: AsyncIterable<{ status: string; progress: number }>) => {
  const start = Date.now()
  const seen: { state: string; at: number }[] = []
  const done = (async () => {
    for await (const s of states) seen.push({ state: `${s.status}:${s.progress}`, at: Date.now() - start })
  })()
  return { seen, done }
}

const until = async (check: () => boolean, timeoutMs = 5_000) => {
  const end = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 5))
  }
}

describe('watchRequest', () => {
  it('wakes at once on a write in this process (no polling), ending with the final status', async () => {
    const id = await newRequest()
    const { seen, done } = collect(watchRequest(database, id, { pollMs: 60_000 }))
    await until(() => seen.length === 1)
    progressReporter(database, id)(0.42)
    await until(() => seen.length === 2)
    await failRequest(database, id, 'TEST', 'stopped')
    await done
    expect(seen.map((s) => s.state)).toEqual(['IN_PROGRESS:0', 'IN_PROGRESS:42', 'FAILURE:42'])
    // A poll every minute: the two updates can only have come from the in-process signal.
    expect(seen.at(-1)!.at).toBeLessThan(5_000)
  })

  it('falls back to polling for writers in other processes (a plain update, no signal)', async () => {
    const id = await newRequest()
    const { seen, done } = collect(watchRequest(database, id, { pollMs: 50 }))
    await until(() => seen.length === 1)
    await database.db.update(t.synthesisRequests).set({ progress: 7 }).where(eq(t.synthesisRequests.id, id))
    await until(() => seen.length === 2)
    await database.db
      .update(t.synthesisRequests)
      .set({ status: 'SUCCESS', progress: 100 })
      .where(eq(t.synthesisRequests.id, id))
    await done
    expect(seen.map((s) => s.state)).toEqual(['IN_PROGRESS:0', 'IN_PROGRESS:7', 'SUCCESS:100'])
  })

  it('wakes on the queue event of the request job (another replica finished it)', async () => {
    const id = await newRequest()
    let emit:
      ((event: { type: 'completed'; jobId: string; name: string; result: unknown }) => void) | undefined
    const queue = {
      onEvent: (listener: NonNullable<typeof emit>) => {
        emit = listener
        return () => (emit = undefined)
      },
    }
    const { seen, done } = collect(watchRequest(database, id, { pollMs: 60_000, queue: queue as never }))
    await until(() => seen.length === 1)
    await database.db
      .update(t.synthesisRequests)
      .set({ status: 'SUCCESS', progress: 100 })
      .where(eq(t.synthesisRequests.id, id))
    emit!({ type: 'completed', jobId: id, name: 'synthesis.render', result: null })
    await done
    expect(seen.map((s) => s.state)).toEqual(['IN_PROGRESS:0', 'SUCCESS:100'])
    expect(emit).toBeUndefined()
  })

  it('ends when the request is deleted or the watcher aborts', async () => {
    const deleted = await newRequest()
    const first = collect(watchRequest(database, deleted, { pollMs: 20 }))
    await until(() => first.seen.length === 1)
    await database.db
      .update(t.synthesisRequests)
      .set({ deletedAt: new Date() })
      .where(eq(t.synthesisRequests.id, deleted))
    await first.done
    const aborted = await newRequest()
    const controller = new AbortController()
    const second = collect(watchRequest(database, aborted, { pollMs: 60_000, signal: controller.signal }))
    await until(() => second.seen.length === 1)
    controller.abort()
    await second.done
    expect(second.seen).toHaveLength(1)
  })
})
