#!/usr/bin/env node
// Builds the web app (`next build` in apps/web) unless nothing it is built from changed since the last
// build: a hash of apps/web, the workspace packages it depends on and package-lock.json is kept in
// apps/web/.next/loa-build-hash (NEXT_DIST_DIR: another output folder). `--force` rebuilds anyway. Always with
// NEXT_TELEMETRY_DISABLED=1.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const web = path.join(root, 'apps', 'web')
// NEXT_DIST_DIR (read by apps/web/next.config.ts too) builds into another folder of apps/web, beside a `.next`
// that a running `next start` or test run is using.
const distDir = process.env.NEXT_DIST_DIR || '.next'
const hashFile = path.join(web, distDir, 'loa-build-hash')
const SKIP = new Set([
  'node_modules',
  '.next',
  distDir.split(/[\\/]/)[0],
  'bench',
  'test-results',
  'playwright-report',
  '.turbo',
])

const files = (dir) => {
  if (!existsSync(dir)) return []
  const out = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // `.next*`: this build's output and other builds' (NEXT_DIST_DIR) that may be half-written right now.
    if (
      SKIP.has(entry.name) ||
      entry.name.startsWith('.next') ||
      entry.name.endsWith('.tsbuildinfo') ||
      entry.name === 'next-env.d.ts'
    )
      continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...files(full))
    else if (entry.isFile()) out.push(full)
  }
  return out
}

/** Directories of the workspace packages the web app depends on, transitively (`@loa/*` dependencies). */
const webPackageDirs = () => {
  const byName = new Map()
  for (const dir of readdirSync(path.join(root, 'packages'))) {
    const file = path.join(root, 'packages', dir, 'package.json')
    if (existsSync(file))
      byName.set(JSON.parse(readFileSync(file, 'utf8')).name, path.join(root, 'packages', dir))
  }
  const deps = (file) => {
    const pkg = JSON.parse(readFileSync(file, 'utf8'))
    return Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies })
  }
  const seen = new Set()
  const queue = deps(path.join(web, 'package.json'))
  while (queue.length) {
    const name = queue.shift()
    const dir = byName.get(name)
    if (!dir || seen.has(dir)) continue
    seen.add(dir)
    queue.push(...deps(path.join(dir, 'package.json')))
  }
  return [...seen]
}

export const webBuildHash = () => {
  const hash = createHash('sha256')
  const inputs = [
    ...files(web),
    ...webPackageDirs().flatMap((dir) => [...files(path.join(dir, 'src')), path.join(dir, 'package.json')]),
    path.join(root, 'package-lock.json'),
  ].sort()
  for (const file of inputs) {
    if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0')
  }
  return hash.digest('hex')
}

const main = () => {
  const force = process.argv.includes('--force')
  const pkg = path.join(web, 'package.json')
  if (!existsSync(pkg) || !JSON.parse(readFileSync(pkg, 'utf8')).scripts?.build) {
    console.error('build-web: apps/web has no build script')
    return 1
  }
  const t0 = Date.now()
  const hash = webBuildHash()
  const built = existsSync(path.join(web, distDir, 'BUILD_ID'))
  if (!force && built && existsSync(hashFile) && readFileSync(hashFile, 'utf8').trim() === hash) {
    console.log(
      `build-web: web app is up to date (hash ${hash.slice(0, 12)}, checked in ${Date.now() - t0} ms)`,
    )
    return 0
  }
  console.log(`build-web: building the web app (next build)…`)
  const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next')
  if (!existsSync(next)) {
    console.error('build-web: next is not installed (run npm ci)')
    return 1
  }
  const result = spawnSync(process.execPath, [next, 'build'], {
    cwd: web,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  })
  if (result.status !== 0) {
    console.error(`build-web: next build FAILED (exit ${result.status ?? result.signal})`)
    return result.status || 1
  }
  writeFileSync(hashFile, `${hash}\n`)
  const seconds = ((Date.now() - t0) / 1000).toFixed(1)
  console.log(`build-web: built in ${seconds} s (apps/web/${distDir})`)
  return 0
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(main())
