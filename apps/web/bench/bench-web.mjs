#!/usr/bin/env node
/**
 * `npm run bench:web`: Lighthouse (mobile profile, simulated throttling) on `/` and `/en` of the production build,
 * in Debian's Chromium, against the real backend. Prints the four category scores, LCP/TBT/CLS and the landing's
 * first-load JavaScript (the scripts the HTML loads, gzip-compressed).
 * Targets (issue 8): performance ≥ 95; accessibility, best practices, SEO 100; first-load JS ≤ 150 KB.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import http from 'node:http'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
const webDir = path.join(root, 'apps', 'web')
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const ports = { web: 3710, api: 4910, sso: 5010, flags: 5110 }
const webUrl = `http://localhost:${ports.web}`
const FIRST_LOAD_BUDGET = 150 * 1024

const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-web.mjs')], {
  stdio: 'inherit',
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
})
if (build.status !== 0) process.exit(build.status ?? 1)

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loa-bench-web-'))
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  WEB_PORT: String(ports.web),
  API_PORT: String(ports.api),
  SSO_PORT: String(ports.sso),
  FLAGS_PORT: String(ports.flags),
  WEB_PUBLIC_URL: webUrl,
  API_PUBLIC_URL: `http://localhost:${ports.api}`,
  SSO_PUBLIC_URL: `http://localhost:${ports.sso}`,
  FLAGS_PUBLIC_URL: `http://localhost:${ports.flags}`,
  // Measured as the production site (indexable).
  LANDING_DOMAIN: 'localhost',
}
const logFile = path.join(os.tmpdir(), `loa-bench-web-${ports.web}.log`)
const log = openSync(logFile, 'w')
const children = [
  spawn(process.execPath, [path.join(root, 'bin', 'loa', 'loa.mjs'), 'serve', 'all'], {
    cwd: root,
    env,
    stdio: ['ignore', log, log],
    detached: true,
  }),
  spawn(
    process.execPath,
    [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(ports.web)],
    {
      cwd: webDir,
      env,
      stdio: ['ignore', log, log],
      detached: true,
    },
  ),
]
const stop = () => {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // gone
    }
  }
}
process.on('exit', stop)
process.on('SIGINT', () => process.exit(130))

const waitFor = async (url) => {
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(5000) })).ok) return
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`${url} did not answer (log: ${logFile})`)
}

/** GET on a fresh connection (no keep-alive socket reused across the long Lighthouse runs). */
const get = (url) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => resolve(Buffer.concat(chunks)))
        res.on('error', reject)
      })
      .on('error', reject)
  })

const getWithAccept = (url, accept) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { accept } }, (res) => {
        res.resume()
        res.on('end', resolve)
      })
      .on('error', reject)
  })

/** Scripts the landing HTML loads at start (module scripts; the legacy nomodule polyfills are skipped). */
const firstLoadJs = async (pagePath) => {
  const html = (await get(`${webUrl}${pagePath}`)).toString('utf8')
  const sources = [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((m) => m[1])
    .filter((attrs) => /\bsrc="/.test(attrs) && !/nomodule/i.test(attrs))
    .map((attrs) => /\bsrc="([^"]+)"/.exec(attrs)[1])
  let raw = 0
  let gzip = 0
  for (const src of new Set(sources)) {
    const body = await get(new URL(src, webUrl).toString())
    raw += body.length
    gzip += gzipSync(body).length
  }
  return { files: new Set(sources).size, raw, gzip }
}

const lighthouse = (url) => {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'loa-lh-profile-'))
  const out = path.join(dataDir, `lh-${Date.now()}.json`)
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'lighthouse'),
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      `--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --user-data-dir=${profile}`,
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'inherit', 'inherit'] },
  )
  rmSync(profile, { recursive: true, force: true })
  if (result.status !== 0) throw new Error(`lighthouse failed for ${url}`)
  return JSON.parse(readFileSync(out, 'utf8'))
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

try {
  await Promise.all([waitFor(`http://localhost:${ports.api}/healthz`), waitFor(`${webUrl}/`)])
  // Warm the server (first render compiles nothing in production, but opens database connections).
  // Steady state, not the very first request: pages rendered once and the optimized hero image variants cached
  // (the image optimizer encodes each width on its first request, as a CDN would cache it in production).
  for (const pagePath of ['/', '/en']) {
    const html = (await get(`${webUrl}${pagePath}`)).toString('utf8')
    const srcset = /imageSrcSet="([^"]+)"/.exec(html)?.[1] ?? ''
    for (const entry of srcset.replaceAll('&amp;', '&').split(', ')) {
      const src = entry.trim().split(' ')[0]
      if (src) await getWithAccept(new URL(src, webUrl).toString(), 'image/webp,image/*')
    }
  }
  const rows = []
  for (const pagePath of ['/', '/en']) {
    const report = lighthouse(`${webUrl}${pagePath}`)
    const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100)
    const audit = (id) => report.audits[id]
    const js = await firstLoadJs(pagePath)
    const failing = Object.values(report.categories)
      .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => report.audits[r.id]))
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
      .map((a) => a.id)
    rows.push({
      page: pagePath,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      LCP: audit('largest-contentful-paint').displayValue,
      TBT: audit('total-blocking-time').displayValue,
      CLS: audit('cumulative-layout-shift').displayValue,
      'first-load JS (gzip)': `${kb(js.gzip)} in ${js.files} files (raw ${kb(js.raw)})`,
      'within 150 KB': js.gzip <= FIRST_LOAD_BUDGET ? 'yes' : 'no',
      'audits below 100%': failing.join(', ') || '—',
    })
  }
  console.log('\nLighthouse (mobile, simulated throttling), production build, Debian Chromium:\n')
  for (const row of rows) {
    console.log(`${row.page}`)
    for (const [key, value] of Object.entries(row))
      if (key !== 'page') console.log(`  ${key.padEnd(22)} ${value}`)
  }
} finally {
  stop()
  rmSync(dataDir, { recursive: true, force: true })
}
