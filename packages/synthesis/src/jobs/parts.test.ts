import { describe, expect, it } from 'vitest'
import { publishParts } from './parts.ts'

const bytes = (...values: number[]) => new Uint8Array(values)

/** A promise with its resolve, to hold a store until the test lets it go. */
const gate = () => {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

const drain = async (audio: AsyncIterable<Uint8Array>) => {
  const out: number[] = []
  for await (const chunk of audio) out.push(...chunk)
  return out
}

describe('publishParts', () => {
  it('publishes the first chunk at once and gathers what arrives while a part is being stored', async () => {
    const stored: number[][] = []
    const announced: number[] = []
    const first = gate()
    const firstStoring = gate()
    async function* source() {
      yield bytes(1, 2)
      // The first part is being stored now; these two arrive meanwhile and must become one part.
      await firstStoring.opened
      yield bytes(3)
      yield bytes(4, 5)
      first.open()
    }
    const published = publishParts(source(), {
      put: async (n, part) => {
        if (n === 0) {
          firstStoring.open()
          await first.opened
        }
        stored[n] = [...part]
      },
      announce: async (count) => void announced.push(count),
    })
    expect(await drain(published.audio)).toEqual([1, 2, 3, 4, 5])
    expect(await published.settle()).toBe(2)
    expect(stored).toEqual([
      [1, 2],
      [3, 4, 5],
    ])
    expect(announced).toEqual([1, 2])
  })

  it('stops publishing after a part fails to store, and the audio still passes whole', async () => {
    const announced: number[] = []
    const errors: unknown[] = []
    let stores = 0
    async function* source() {
      for (let i = 0; i < 4; i++) {
        yield bytes(i)
        // Each chunk is stored before the next comes: one part per chunk.
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    }
    const published = publishParts(source(), {
      put: async (n) => {
        stores += 1
        if (n === 1) throw new Error('disk full')
      },
      announce: async (count) => void announced.push(count),
      onError: (error) => errors.push(error),
    })
    expect(await drain(published.audio)).toEqual([0, 1, 2, 3])
    expect(await published.settle()).toBe(1)
    expect(announced).toEqual([1])
    expect(stores).toBe(2)
    expect(errors).toHaveLength(1)
  })
})
