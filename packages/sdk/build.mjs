#!/usr/bin/env node
// Builds the publishable package into dist/ (or the folder given): ESM (dist/index.mjs, no Node-only module, for
// Node 18+, Deno, Bun and browsers), CJS (dist/index.cjs), a browser global (dist/loa.global.js, `LoaSDK`),
// declarations (dist/types) and dist/package.json. Publish with `npm publish dist` (after `npm run build`).
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const here = path.dirname(fileURLToPath(import.meta.url))
const out = path.resolve(process.argv[2] ?? path.join(here, 'dist'))
const manifest = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'))
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })

const entry = path.join(here, 'src/index.ts')
const common = { entryPoints: [entry], bundle: true, target: 'es2022', sourcemap: true, logLevel: 'warning' }
// platform "browser": any Node built-in module in the sources fails the build.
await build({ ...common, platform: 'browser', format: 'esm', outfile: path.join(out, 'index.mjs') })
await build({ ...common, platform: 'browser', format: 'cjs', outfile: path.join(out, 'index.cjs') })
await build({
  ...common,
  platform: 'browser',
  format: 'iife',
  globalName: 'LoaSDK',
  minify: true,
  outfile: path.join(out, 'loa.global.js'),
})

// Declarations: tsc from the sources, relative `.ts` imports rewritten to `.js`.
const types = path.join(out, 'types')
execFileSync(
  process.execPath,
  [
    path.join(here, '../../node_modules/typescript/bin/tsc'),
    '-p',
    path.join(here, 'tsconfig.build.json'),
    '--outDir',
    types,
  ],
  { stdio: 'inherit' },
)
const rewrite = (dir) => {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) rewrite(file)
    else if (name.endsWith('.d.ts'))
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(/(from\s+['"]\.{1,2}\/[^'"]+)\.ts(['"])/g, '$1.js$2'),
      )
  }
}
rewrite(types)

writeFileSync(
  path.join(out, 'package.json'),
  JSON.stringify(
    {
      name: manifest.name,
      version: manifest.version,
      description: manifest.description,
      license: manifest.license,
      type: 'module',
      main: './index.cjs',
      module: './index.mjs',
      types: './types/index.d.ts',
      unpkg: './loa.global.js',
      exports: {
        '.': { types: './types/index.d.ts', import: './index.mjs', require: './index.cjs' },
        './package.json': './package.json',
      },
      sideEffects: false,
      engines: { node: '>=18' },
    },
    null,
    2,
  ) + '\n',
)
copyFileSync(path.join(here, 'README.md'), path.join(out, 'README.md'))
console.log(`built ${manifest.name}@${manifest.version} into ${out}`)
