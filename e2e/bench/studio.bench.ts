/**
 * `npm run bench:studio` (issue 31): in the production build, from the click on "synthesize" to the first audible
 * sample and to the complete file (the downloads offered), for a 3,000-character article in two voices. Measured
 * in the page (performance.now(), checked every animation frame), each run with a new account and new numbers in
 * every sentence (nothing from the sentence cache). Baseline, same script: the studio without MediaSource, which
 * waits for the whole file as before issue 31 and is played the moment its Play button is enabled.
 * Goals on this machine: first audible ≤ 1.0 s, complete file ≤ 3.0 s. BENCH_STUDIO_RUNS=N runs per path (5).
 */
import { execFileSync } from 'node:child_process'
import os from 'node:os'
import { test, type Browser } from '@playwright/test'
import { article, typeTwoVoices } from '../support/listen.ts'
import { signUp, sm } from '../support/studio.ts'

const RUNS = Number(process.env.BENCH_STUDIO_RUNS) || 5
const GOALS = { firstAudible: 1.0, complete: 3.0 }

type Path = 'live' | 'whole file (baseline)'
interface Run {
  path: Path
  firstAudible: number
  complete: number
  load: number
}

/** In the page: every media element that is told to play is watched; a frame loop notes the moments. */
const instrument = () => {
  const w = window as unknown as { __media: HTMLMediaElement[] }
  w.__media = []
  const play = HTMLMediaElement.prototype.play
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    w.__media.push(this)
    return play.call(this)
  }
}

/** Without MediaSource the studio takes the path it had before issue 31: the whole file, then Play. */
const withoutMediaSource = () => {
  Object.defineProperty(window, 'MediaSource', { value: undefined, configurable: true })
}

const arm = (labels: { synth: string; play: string; baseline: boolean }) => {
  const w = window as unknown as {
    __media: HTMLMediaElement[]
    __bench: { click: number; firstAudible: number; complete: number }
  }
  const marks = { click: 0, firstAudible: 0, complete: 0 }
  w.__bench = marks
  const synth = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === labels.synth)!
  synth.addEventListener('click', () => (marks.click = performance.now()), { capture: true, once: true })
  const frame = () => {
    const now = performance.now()
    if (
      marks.click &&
      !marks.complete &&
      document.querySelector('[data-testid="player-dock"] .studio-actions')
    )
      marks.complete = now
    if (marks.click && !marks.firstAudible && w.__media.some((m) => m.currentTime > 0 && !m.paused))
      marks.firstAudible = now
    if (labels.baseline && marks.complete && !marks.firstAudible) {
      // As a listener would, the moment it can: Play on the finished file.
      const play = [...document.querySelectorAll<HTMLButtonElement>('[data-testid="player"] button')].find(
        (b) => b.textContent?.trim() === labels.play && !b.disabled,
      )
      if (play && play.getAttribute('aria-pressed') !== 'true') play.click()
    }
    if (!marks.firstAudible || !marks.complete) requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const busiest = () => {
  try {
    return execFileSync('ps', ['-eo', 'pcpu,comm', '--sort=-pcpu', '--no-headers'], { encoding: 'utf8' })
      .split('\n')
      .slice(0, 6)
      .map((l) => l.trim())
      .filter(Boolean)
      .join('; ')
  } catch {
    return 'ps unavailable'
  }
}

const measure = async (browser: Browser, path: Path, seed: number): Promise<Run> => {
  const context = await browser.newContext()
  await context.addInitScript(instrument)
  if (path !== 'live') await context.addInitScript(withoutMediaSource)
  const page = await context.newPage()
  try {
    await signUp(page, 'Bench Studio')
    await typeTwoVoices(page, article(seed))
    const load = os.loadavg()[0]!
    await page.evaluate(arm, {
      synth: sm('studio.synth.button'),
      play: sm('studio.player.play'),
      baseline: path !== 'live',
    })
    await page.getByRole('button', { name: sm('studio.synth.button') }).click()
    const marks = await page
      .waitForFunction(
        () => {
          const b = (
            window as unknown as { __bench: { click: number; firstAudible: number; complete: number } }
          ).__bench
          return b.firstAudible && b.complete ? b : null
        },
        undefined,
        { timeout: 240_000, polling: 200 },
      )
      .then(async (handle) => (await handle.jsonValue())!)
    return {
      path,
      firstAudible: (marks.firstAudible - marks.click) / 1000,
      complete: (marks.complete - marks.click) / 1000,
      load,
    }
  } finally {
    await context.close()
  }
}

test('bench:studio — click → first audible sample and → complete file, 3,000 characters in two voices', async ({
  browser,
}) => {
  test.setTimeout(RUNS * 2 * 300_000)
  console.log(`bench:studio — ${os.cpus().length} cores, ${RUNS} runs per path`)
  console.log(
    `before: load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; busiest: ${busiest()}`,
  )
  const runs: Run[] = []
  const seed = Date.now() % 10_000
  // Interleaved, so both paths see the same shifting load.
  for (let i = 0; i < RUNS; i++)
    for (const path of ['live', 'whole file (baseline)'] as Path[]) {
      const run = await measure(browser, path, seed * 10 + runs.length)
      runs.push(run)
      console.log(
        `  ${path.padEnd(22)} run ${i + 1}: first audible ${run.firstAudible.toFixed(2)} s, complete file ${run.complete.toFixed(2)} s (load ${run.load.toFixed(1)})`,
      )
    }
  const of = (path: Path, key: 'firstAudible' | 'complete') =>
    median(runs.filter((r) => r.path === path).map((r) => r[key]))
  const live = { firstAudible: of('live', 'firstAudible'), complete: of('live', 'complete') }
  const base = {
    firstAudible: of('whole file (baseline)', 'firstAudible'),
    complete: of('whole file (baseline)', 'complete'),
  }
  const verdict = (value: number, goal: number) =>
    value <= goal ? `meets ≤ ${goal} s` : `misses ≤ ${goal} s`
  console.log('medians:')
  console.log(
    `  first audible sample: ${live.firstAudible.toFixed(2)} s (baseline ${base.firstAudible.toFixed(2)} s, ratio ${(live.firstAudible / base.firstAudible).toFixed(2)}) — ${verdict(live.firstAudible, GOALS.firstAudible)}`,
  )
  console.log(
    `  complete file:        ${live.complete.toFixed(2)} s (baseline ${base.complete.toFixed(2)} s, ratio ${(live.complete / base.complete).toFixed(2)}) — ${verdict(live.complete, GOALS.complete)}`,
  )
  console.log(
    `after: load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; busiest: ${busiest()}`,
  )
})
