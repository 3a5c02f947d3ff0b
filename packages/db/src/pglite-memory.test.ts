import { describe, expect, it } from 'vitest'
import { openDatabase } from './client.ts'

/** Issue 13: the embedded database keeps its WebAssembly shared buffers small (they never shrink). */
describe('PGlite memory bound', () => {
  it('runs with 16 MB of shared buffers', async () => {
    const database = await openDatabase()
    try {
      const result = await database.pglite!.query<{ shared_buffers: string }>('show shared_buffers')
      expect(result.rows[0]!.shared_buffers).toBe('16MB')
    } finally {
      await database.close()
    }
  })
})
