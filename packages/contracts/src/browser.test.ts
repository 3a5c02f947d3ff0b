import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const here = path.dirname(fileURLToPath(import.meta.url))

/** The modules `browser.ts` re-exports, and every module those import, transitively. */
const reachable = (file: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(file)) return seen
  seen.add(file)
  const source = readFileSync(file, 'utf8')
  for (const [, spec] of source.matchAll(/(?:import|export)[^'"]*from\s+'([^']+)'/g)) {
    expect(spec, `${path.relative(here, file)} imports ${spec}`).toMatch(/^\.\.?\//)
    reachable(path.resolve(path.dirname(file), spec!), seen)
  }
  return seen
}

describe('@loa/contracts/browser', () => {
  it('imports nothing outside the package (no zod, no Node built-ins)', () => {
    const files = reachable(path.join(here, 'browser.ts'))
    expect(files.size).toBeGreaterThan(5)
    expect([...files].some((f) => f.endsWith('strict.ts'))).toBe(false)
  })

  it('is the whole default entry except the zod modules (strict bodies, the voice-providers file schema)', () => {
    const modules = readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    const browser = [...reachable(path.join(here, 'browser.ts'))].map((f) => path.basename(f))
    expect(modules.filter((m) => !browser.includes(m)).sort()).toEqual([
      'index.ts',
      'strict.ts',
      'voice-providers.ts',
    ])
  })
})
