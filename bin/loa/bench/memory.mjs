#!/usr/bin/env node
// `npm run bench:memory`: builds the prebuilt backend (bin/loa/build.mjs) and runs the memory bench in it, with
// the Node flags and environment `npm start` gives `loa serve all`, so the figures are those of the process a
// self-hoster runs. `--tsx` runs the same bench on tsx instead (the TypeScript sources, as the tests do).
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { backendEnv, backendNodeArgs, buildBackend } from '../build.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const onTsx = process.argv.includes('--tsx')
const args = onTsx
  ? ['--expose-gc', '--import', 'tsx', path.join(here, 'bench-memory.ts')]
  : ['--expose-gc', ...backendNodeArgs, (await buildBackend())['bench-memory']]
const env = {
  ...(onTsx ? process.env : backendEnv(process.env)),
  BENCH_MEMORY_RUNTIME: onTsx ? 'tsx' : 'prebuilt',
}
const run = spawnSync(process.execPath, args, { stdio: 'inherit', env })
process.exitCode = run.status ?? 1
