// Vitest config of one `npm run test:mutation` module: the root config, with `include` narrowed to the module's own
// tests (LOA_MUTATION_TESTS, a JSON list of globs set by scripts/mutation.mjs). Narrowing here rather than with
// Stryker's `testFiles` keeps static mutants (module-level code) activated before the module loads
// (stryker-js issue 6144: with `testFiles`, 9.6.1 activates them too late and reports them survived).
// Workspace packages (`@loa/ledger`, …) are aliased to this tree's copy: in Stryker's sandbox node_modules is a link
// to the real one, whose workspace links lead back to the unmutated sources, so a test in apps/api could not see a
// mutant in packages/ledger otherwise.
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import root from '../vitest.config.ts'

const include = JSON.parse(process.env.LOA_MUTATION_TESTS ?? '[]')
if (!include.length) throw new Error('LOA_MUTATION_TESTS is not set: run through `npm run test:mutation`')

const tree = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
const alias = readdirSync(join(tree, 'packages'))
  .map((dir) => join(tree, 'packages', dir))
  .filter((dir) => existsSync(join(dir, 'package.json')))
  .flatMap((dir) => {
    const { name, exports = {} } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    return Object.entries(exports)
      .filter(([, target]) => typeof target === 'string')
      .map(([sub, target]) => ({
        find: new RegExp(`^${escape(name + sub.slice(1))}$`),
        replacement: join(dir, target),
      }))
  })

// Not mergeConfig: it concatenates arrays, and `include` must replace the root's.
export default defineConfig({
  ...root,
  resolve: { ...root.resolve, alias },
  test: { ...root.test, include },
})
