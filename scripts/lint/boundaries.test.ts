import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const eslint = new ESLint({ cwd: root })

/** The boundary errors ESLint reports for `source` as if it were the file `file` of the repo. */
const violations = async (file: string, source: string): Promise<string[]> => {
  const [result] = await eslint.lintText(`${source}\nexport const probe = x\n`, {
    filePath: path.join(root, file),
  })
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('import boundaries (npm run lint)', () => {
  it.each([
    ['apps/api/src/probe.ts', "import { x } from '@loa/sso'", 'apps never import apps'],
    ['apps/api/src/probe.ts', "import { x } from '@loa/worker'", 'apps never import apps'],
    ['packages/db/src/probe.ts', "import { x } from '@loa/api'", 'never an app'],
    ['packages/sso-client/src/probe.test.ts', "import { x } from '@loa/sso'", 'never an app'],
    ['packages/contracts/src/probe.ts', "import { x } from '@loa/tts'", 'only the packages below it'],
    ['packages/db/src/seed/probe.ts', "import { VOICES } from '@loa/tts'", 'only the packages below it'],
    [
      'packages/storage/src/probe.ts',
      "import type { x } from '@loa/synthesis'",
      'only the packages below it',
    ],
    ['apps/web/lib/probe.ts', "import { x } from '@loa/tts'", 'browser-safe'],
    ['apps/web/lib/probe.ts', "import { x } from '@loa/db'", 'browser-safe'],
    ['packages/sso-client/src/probe.ts', "import { x } from '@loa/contracts'", "'@loa/contracts/browser'"],
    ['packages/tts/src/probe.ts', "import { x } from '../../../apps/api/src/app.ts'", 'package name'],
    ['apps/flags/src/probe.ts', "import { x } from '../../../packages/db/src/seed/flags.ts'", 'package name'],
  ])('%s: %s is refused', async (file, source, reason) => {
    const found = await violations(file, source)
    expect(found).toHaveLength(1)
    expect(found[0]).toContain(reason)
  })

  it.each([
    ['bin/loa/src/probe.ts', "import { x } from '@loa/api'"],
    ['apps/api/src/probe.ts', "import { x } from '@loa/synthesis'"],
    ['packages/synthesis/src/probe.ts', "import { x } from '@loa/ledger'"],
    ['apps/web/lib/probe.ts', "import { x } from '@loa/contracts/browser'"],
    ['packages/sso-client/src/probe.ts', "import { x } from '@loa/contracts/browser'"],
    ['apps/api/src/routes/orders/probe.ts', "import { x } from '../packages/serialize.ts'"],
  ])('%s: %s is allowed', async (file, source) => {
    expect(await violations(file, source)).toEqual([])
  })
})
