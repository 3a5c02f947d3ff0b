import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { COMMANDS } from './commands.ts'

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'commands')

describe('the command table', () => {
  it('names every command file, and each loads with a summary and run()', async () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.slice(0, -3))
      .sort()
    expect(Object.keys(COMMANDS).sort()).toEqual(files)
    for (const load of Object.values(COMMANDS)) {
      const command = await load()
      expect(typeof command.summary).toBe('string')
      expect(typeof command.run).toBe('function')
    }
  })
})
