#!/usr/bin/env node
// The prebuilt backend `npm start` runs: bundles the `loa` CLI (and the memory bench) from TypeScript into
// bin/loa/dist with esbuild, so the process does not carry tsx's in-process transpiler (≈ 70 MB resident).
// Only the workspace's own sources (@loa/*, relative imports) are bundled; every other package stays an import
// of node_modules. `import.meta.url` in a bundled file is replaced by that source file's own URL, so files found
// beside the sources (migrations, worker-thread entries, WebAssembly) are found where they are. Source maps are
// written (without the sources' text) and the process runs with --enable-source-maps: stack traces name the
// TypeScript files and lines. The tests, `loa.mjs` and the other scripts still run on tsx.
//
//   node bin/loa/build.mjs    # builds bin/loa/dist (≈ 1 s); `npm start` does it on every start
import { readFile } from 'node:fs/promises'
import { readdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
export const DIST = path.join(here, 'dist')
const ENTRIES = {
  loa: path.join(here, 'src', 'main.ts'),
  'bench-memory': path.join(here, 'bench', 'bench-memory.ts'),
}

/**
 * How the prebuilt backend runs (`npm start`, `npm run bench:memory`). glibc's allocator keeps memory freed by
 * PGlite's start-up and by V8's background compiler threads: trimming above 128 KiB and two arenas return it
 * (docs/notes/issue-13.md has the measurements). Values already in the environment win.
 */
export const backendNodeArgs = ['--enable-source-maps']
export const backendEnv = (env) => ({
  MALLOC_ARENA_MAX: '2',
  MALLOC_TRIM_THRESHOLD_: '131072',
  // The AWS SDK's switch for its "Node >= 22 after January 2027" notice: Loa runs on Node 20 and 22 (issue 37).
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  ...env,
})

const ownSourcesKeepTheirUrl = {
  name: 'loa-sources',
  setup(build) {
    // Third-party packages stay imports of node_modules; the workspace's own packages are bundled.
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@loa/') || path.isAbsolute(args.path)
        ? undefined
        : { path: args.path, external: true },
    )
    build.onLoad({ filter: /\.(ts|mts|js|mjs)$/ }, async (args) => {
      if (args.path.split(path.sep).includes('node_modules')) return undefined
      const text = await readFile(args.path, 'utf8')
      if (!text.includes('import.meta.url')) return undefined
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: /\.m?ts$/.test(args.path) ? 'ts' : 'js',
      }
    })
  },
}

/** Files of earlier builds are kept a day: a running backend may still load its lazy chunks from them. */
const KEEP_OLD_MS = 24 * 60 * 60 * 1000

/** Builds bin/loa/dist; returns the bundle's entry files by name. */
export const buildBackend = async ({ outdir = DIST } = {}) => {
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: ENTRIES,
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
    metafile: true,
    plugins: [ownSourcesKeepTheirUrl],
  })
  const current = new Set(Object.keys(result.metafile.outputs).map((file) => path.resolve(file)))
  for (const name of readdirSync(outdir)) {
    const file = path.join(outdir, name)
    if (!current.has(file) && Date.now() - statSync(file).mtimeMs > KEEP_OLD_MS) rmSync(file, { force: true })
  }
  return Object.fromEntries(Object.keys(ENTRIES).map((name) => [name, path.join(outdir, `${name}.mjs`)]))
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now()
  const entries = await buildBackend()
  console.log(
    `[build] backend bundled in ${Date.now() - started} ms: ${path.relative(process.cwd(), entries.loa)}`,
  )
}
