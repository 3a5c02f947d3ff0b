#!/usr/bin/env node
/**
 * `npm run bench:web`: Lighthouse (mobile profile, simulated throttling) on `/` and `/en` of the production build,
 * in Debian's Chromium, against the real backend. Prints the four category scores, the figures behind the performance
 * score (TTFB of the HTML, FCP, LCP with its element and phases, TBT, CLS) and the landing's first-load JavaScript
 * (the scripts the HTML loads, gzip-compressed).
 * Targets (issue 8): performance ≥ 95; accessibility, best practices, SEO 100; first-load JS ≤ 150 KB.
 * BENCH_WEB_RUNS=N runs Lighthouse N times per page and prints each run (with the load average) and the medians;
 * BENCH_WEB_REPORTS=DIR keeps the Lighthouse JSON reports there. BENCH_WEB_PORT=P serves the web on P and the api, sso
 * and flags on P+1…P+3 (default 3710, 4910, 5010, 5110), so engineers sharing a machine do not collide.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import http from 'node:http'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
const webDir = path.join(root, 'apps', 'web')
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const basePort = Number(process.env.BENCH_WEB_PORT) || 0
const ports = basePort
  ? { web: basePort, api: basePort + 1, sso: basePort + 2, flags: basePort + 3 }
  : { web: 3710, api: 4910, sso: 5010, flags: 5110 }
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

/** The LCP element and where its time goes (TTFB, resource load delay and time, render delay). */
const lcpDetails = (report) => {
  const items = report.audits['largest-contentful-paint-element']?.details?.items ?? []
  const node = items[0]?.items?.[0]?.node
  const phases = (items[1]?.items ?? [])
    .map((p) => `${p.phase ?? p.label} ${Math.round(p.timing)} ms`)
    .join(', ')
  return {
    'LCP element': node ? `${node.nodeLabel ?? ''} <${node.selector ?? node.snippet}>` : '—',
    'LCP phases': phases || '—',
  }
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
  const runs = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 1) || 1)
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b)
    const mid = Math.floor(sorted.length / 2)
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  }
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`
  console.log(
    `\nLighthouse (mobile, simulated throttling), production build, Debian Chromium, ${runs} run(s) per page:\n`,
  )
  for (const pagePath of ['/', '/en']) {
    const results = []
    for (let run = 1; run <= runs; run++) {
      // The machine's load when the run starts (figures are only comparable on a quiet machine).
      const load = os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')
      const report = lighthouse(`${webUrl}${pagePath}`)
      const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100)
      const value = (id) => report.audits[id]?.numericValue ?? NaN
      const failing = Object.values(report.categories)
        .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => report.audits[r.id]))
        .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
        .map((a) => a.id)
      const result = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        TTFB: value('server-response-time'),
        FCP: value('first-contentful-paint'),
        LCP: value('largest-contentful-paint'),
        TBT: value('total-blocking-time'),
        CLS: value('cumulative-layout-shift'),
        failing,
        ...lcpDetails(report),
        load,
      }
      if (process.env.BENCH_WEB_REPORTS) {
        result.report = path.join(
          process.env.BENCH_WEB_REPORTS,
          `lh${pagePath.replaceAll('/', '-')}-${Date.now()}.json`,
        )
        writeFileSync(result.report, JSON.stringify(report))
      }
      results.push(result)
      console.log(
        `${pagePath.padEnd(4)} run ${run}: perf ${result.performance}, a11y ${result.accessibility}, ` +
          `best practices ${result['best-practices']}, SEO ${result.seo}; TTFB ${Math.round(result.TTFB)} ms, ` +
          `FCP ${seconds(result.FCP)}, ` +
          `LCP ${seconds(result.LCP)}, TBT ${Math.round(result.TBT)} ms, CLS ${result.CLS.toFixed(3)}; ` +
          `load average ${load}`,
      )
      console.log(`       LCP element ${result['LCP element']}; ${result['LCP phases']}`)
      if (failing.length) console.log(`       audits below 100%: ${failing.join(', ')}`)
      if (result.report) console.log(`       report ${result.report}`)
    }
    const js = await firstLoadJs(pagePath)
    const pick = (key) => results.map((r) => r[key])
    console.log(`${pagePath}  median of ${runs}:`)
    for (const [label, text] of [
      ['performance', `${median(pick('performance'))} (min ${Math.min(...pick('performance'))})`],
      ['accessibility', median(pick('accessibility'))],
      ['best-practices', median(pick('best-practices'))],
      ['seo', median(pick('seo'))],
      ['TTFB (HTML)', `${Math.round(median(pick('TTFB')))} ms`],
      ['FCP', seconds(median(pick('FCP')))],
      ['LCP', seconds(median(pick('LCP')))],
      ['TBT', `${Math.round(median(pick('TBT')))} ms`],
      ['CLS', median(pick('CLS')).toFixed(3)],
      ['first-load JS (gzip)', `${kb(js.gzip)} in ${js.files} files (raw ${kb(js.raw)})`],
      ['within 150 KB', js.gzip <= FIRST_LOAD_BUDGET ? 'yes' : 'no'],
    ])
      console.log(`  ${label.padEnd(22)} ${text}`)
    console.log('')
  }
} finally {
  stop()
  rmSync(dataDir, { recursive: true, force: true })
}
