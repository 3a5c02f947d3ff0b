import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Request } from '@playwright/test'
import { E2E } from './support/env.ts'
import { msg } from './support/messages.ts'

const isDemoEvent = (r: Request) => r.url() === `${E2E.apiUrl}/api/v1/demo-events` && r.method() === 'POST'

test('voice samples by purpose, region and gender: one plays at a time and each listen records a demo event', async ({
  page,
}) => {
  await page.goto('/')
  const section = page.locator('#voices')
  await section.scrollIntoViewIfNeeded()
  const tabs = section.getByRole('tab')
  await expect(tabs).toHaveText(
    ['REVIEW_FILM', 'NEWS', 'AUDIO_BOOK', 'ADVERTISE'].map((p) => msg('vi', `voices.purposes.${p}`)),
  )
  await section.getByRole('tab', { name: msg('vi', 'voices.purposes.NEWS') }).click()
  await expect(section.getByRole('tab', { name: msg('vi', 'voices.purposes.NEWS') })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  const items = section.locator('.voice-item')
  await expect(items.first()).toBeVisible()
  // Grouped by region, each voice labelled with its gender.
  await expect(
    section.getByRole('heading', { level: 3, name: msg('vi', 'voices.regions.NORTH') }),
  ).toBeVisible()
  expect(await items.count()).toBeGreaterThanOrEqual(2)

  const first = items.nth(0)
  const second = items.nth(1)
  const firstCode = await first.getAttribute('data-voice')
  const secondCode = await second.getAttribute('data-voice')

  const [event1] = await Promise.all([page.waitForRequest(isDemoEvent), first.getByRole('button').click()])
  await expect(first.getByRole('button')).toHaveAttribute('aria-pressed', 'true')
  const body1 = event1.postDataJSON()
  const fingerprint = await page.evaluate(() => localStorage.getItem('loa_fingerprint'))
  expect(fingerprint).toBeTruthy()
  expect(body1).toMatchObject({ fingerprint, voice_code: firstCode, click: 1 })
  expect(body1.duration).toBeGreaterThan(0)
  const answer1 = await (await event1.response())!.json()
  expect(answer1.status).toBe(1)

  const [event2] = await Promise.all([page.waitForRequest(isDemoEvent), second.getByRole('button').click()])
  await expect(second.getByRole('button')).toHaveAttribute('aria-pressed', 'true')
  await expect(first.getByRole('button')).toHaveAttribute('aria-pressed', 'false')
  expect(event2.postDataJSON()).toMatchObject({ fingerprint, voice_code: secondCode, click: 1 })
  expect((await (await event2.response())!.json()).status).toBe(1)

  // Pausing the playing sample.
  await second.getByRole('button').click()
  await expect(second.getByRole('button')).toHaveAttribute('aria-pressed', 'false')

  // The fingerprint is kept across visits.
  await page.reload()
  expect(await page.evaluate(() => localStorage.getItem('loa_fingerprint'))).toBe(fingerprint)
})

test('try-it box: at most 300 characters; a missing or failing synthesis service gives a translated error', async ({
  page,
}) => {
  await page.goto('/en')
  const box = page.locator('#try-it')
  const text = box.getByRole('textbox', { name: msg('en', 'tryIt.label') })
  await text.fill('x'.repeat(320))
  await expect(text).toHaveValue('x'.repeat(300))
  await expect(box.getByText(msg('en', 'tryIt.counter', { count: 300, max: 300 }))).toBeVisible()
  await text.fill('Xin chào, hôm nay là ngày 21/11/2026.')
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url() === `${E2E.apiUrl}/api/v1/demo/synthesis`),
    box.getByRole('button', { name: msg('en', 'tryIt.submit') }).click(),
  ])
  expect(request.postDataJSON()).toMatchObject({ text: 'Xin chào, hôm nay là ngày 21/11/2026.' })
  const response = await request.response()
  if (response && response.ok() && (response.headers()['content-type'] ?? '').startsWith('audio/')) {
    await expect(box.locator('audio')).toHaveAttribute('src', /^blob:/)
  } else {
    await expect(box.getByRole('alert')).not.toHaveText('')
    const shown = await box.getByRole('alert').textContent()
    const known = [
      'DEMO_SYNTHESIS_UNAVAILABLE',
      'RATE_LIMITED',
      'VALIDATION_FAILED',
      'TEXT_TOO_LONG',
      'UNKNOWN',
    ].map((k) => msg('en', `errors.${k}`))
    expect(known).toContain(shown)
  }
})

/**
 * A slow network between the page and our API: forwards the demo synthesis request to the real API, sends the first
 * part of the real audio at once and holds the rest until the test releases it.
 */
const startSlowLink = async () => {
  const state = { firstPartSent: false, completed: false, bytes: 0 }
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  }
  const server = createServer((req, res) => {
    void (async () => {
      const upstream = await fetch(`${E2E.apiUrl}${req.url}`, {
        method: req.method,
        headers: {
          'content-type': req.headers['content-type'] ?? 'application/json',
          accept: req.headers.accept ?? '*/*',
          origin: req.headers.origin ?? E2E.webUrl,
        },
        body: req.method === 'POST' ? await read(req) : undefined,
      })
      const audio = Buffer.from(await upstream.arrayBuffer())
      state.bytes = audio.length
      const headers: Record<string, string> = {}
      upstream.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
          headers[name] = value
      })
      res.writeHead(upstream.status, headers)
      const cut = Math.floor(audio.length * 0.4)
      res.write(audio.subarray(0, cut))
      state.firstPartSent = true
      await released
      res.end(audio.subarray(cut))
      state.completed = true
    })().catch((error: unknown) => {
      res.destroy(error as Error)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return { state, url, release, close }
}

test('try-it box: playback starts with the first bytes of the streamed audio, before the answer is complete', async ({
  page,
}) => {
  const link = await startSlowLink()
  try {
    await page.route(`${E2E.apiUrl}/api/v1/demo/synthesis`, (route) =>
      route.continue({ url: `${link.url}/api/v1/demo/synthesis` }),
    )
    await page.goto('/')
    const box = page.locator('#try-it')
    await box
      .getByRole('textbox', { name: msg('vi', 'tryIt.label') })
      .fill(
        'Xin chào, đây là Loa. Chúng tôi đọc văn bản tiếng Việt thành giọng nói tự nhiên cho video, tin tức, sách nói và quảng cáo, với giọng đọc của cả ba miền Bắc, Trung và Nam.',
      )
    await box.getByRole('button', { name: msg('vi', 'tryIt.submit') }).click()
    const audio = box.locator('audio')
    await expect(audio).toHaveAttribute('data-delivery', 'stream')
    await expect(audio).toHaveAttribute('src', /^blob:/)
    // Playing while the rest of the audio is held back by the slow link.
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0)
    expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false)
    expect(link.state.firstPartSent).toBe(true)
    expect(link.state.completed).toBe(false)

    // The rest arrives: the stream ends and the whole reading is there (its duration becomes known).
    link.release()
    await expect.poll(() => link.state.completed).toBe(true)
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => Number.isFinite(a.duration) && a.duration > 1))
      .toBe(true)
    await expect(box.getByRole('alert')).toHaveCount(0)
  } finally {
    link.release()
    await link.close()
  }
})
