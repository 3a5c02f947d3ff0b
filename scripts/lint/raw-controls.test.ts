import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { RAW_CONTROL_ALLOWLIST } from './raw-controls.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const eslint = new ESLint({ cwd: root })

/** The raw-control errors ESLint reports for `source` as if it were the file `file` of the repo. */
const refusals = async (file: string, source: string): Promise<string[]> => {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) })
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message)
}

const RAW_BUTTON = 'export const A = () => <button type="button">Nghe thử</button>\n'
const RAW_FILE = 'export const B = () => <input type="file" accept=".srt" />\n'

/** The .tsx files an allowlist entry covers (`folder/**` → every .tsx below it). */
const covered = (entry: string): string[] => {
  if (!entry.endsWith('/**')) return [entry]
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir)).flatMap((name) => {
      const rel = `${dir}/${name}`
      return statSync(path.join(root, rel)).isDirectory() ? walk(rel) : rel.endsWith('.tsx') ? [rel] : []
    })
  return walk(entry.slice(0, -3))
}

describe('no raw browser controls outside the design system (npm run lint)', () => {
  it.each([
    ['apps/web/components/payments/Probe.tsx', RAW_BUTTON, 'Use Button'],
    ['apps/web/app/[locale]/probe/page.tsx', RAW_BUTTON, 'Use Button'],
    ['apps/web/components/support/Probe.tsx', RAW_FILE, 'Use FileDrop'],
  ])('%s: a raw control is refused', async (file, source, reason) => {
    const found = await refusals(file, source)
    expect(found).toHaveLength(1)
    expect(found[0]).toContain(reason)
  })

  it('the design system itself, and other inputs, are allowed', async () => {
    expect(await refusals('apps/web/components/ui/Probe.tsx', RAW_BUTTON + RAW_FILE)).toEqual([])
    const other = 'export const C = () => <input type="text" aria-label="Tên" />\n'
    expect(await refusals('apps/web/components/payments/Probe.tsx', other)).toEqual([])
  })

  it.each(RAW_CONTROL_ALLOWLIST)('allowlist entry %s still exists and still holds a raw control', (entry) => {
    const base = entry.endsWith('/**') ? entry.slice(0, -3) : entry
    expect(existsSync(path.join(root, base)), `${entry} is gone: remove it from RAW_CONTROL_ALLOWLIST`).toBe(
      true,
    )
    const raw = covered(entry).filter((file) =>
      /<button\b|<input\b[^>]*type="file"/.test(readFileSync(path.join(root, file), 'utf8')),
    )
    expect(
      raw.length,
      `${entry} has no raw <button> or file input left: remove it from RAW_CONTROL_ALLOWLIST (scripts/lint/raw-controls.js)`,
    ).toBeGreaterThan(0)
  })
})
