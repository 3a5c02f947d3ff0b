/**
 * Every example of the site's guides (apps/web/content/docs/<locale>/<guide>.md) runs against the API, so the docs
 * cannot rot. A fence's info says what it is:
 * - ```` ```sh ```` — curl commands, run in order through the API (`expect=401`: the status it must answer, else
 *   2xx; `save=NAME:path,…`: a field of the JSON answer for later examples as `$NAME`; `theirs`: another provider's
 *   request, run with its host replaced by Loa's — the migration pages' promise; `env`: only sets the variables
 *   the reader exports, which must be the ones this test provides);
 * - ```` ```json response ```` — the previous answer must have this shape (keys, types, codes); `of=Vbee`: the
 *   answer to the last `side=Vbee` fence;
 * - ```` ```json ```` — a body shown on its own: it must be JSON;
 * - ```` ```js run=verifyLoaSignature ```` — a module the test imports and calls (the webhook check, on a real
 *   signed callback the API delivered);
 * - ```` ```text ```` — a line of wire format, nothing to run.
 * `wait=callback` on a fence: it runs once the guide's earlier example had its callback delivered.
 * Any other fence fails the test.
 */
import { verifySignature } from '@loa/synthesis'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  callbackReceiver,
  startSynthesisTestApi,
  type SynthesisTestApi,
} from '../routes/synthesis/test-setup.ts'
import { parseCurlScript, type CurlRequest } from './curl.ts'
import { pick, readGuides, shapeDifferences, type Fence, type GuideSource } from './fences.ts'

const OWNER = 'docs-reader'
/** The API's public address in the guides (`export LOA_API=…`) and in the links it answers. */
const API_URL = 'https://api.loa.vn'
/** Other providers' hosts, as the migration pages write them, and where Loa answers the same request. */
const THEIRS: [RegExp, string][] = [
  [/^https:\/\/api\.openai\.com/, ''],
  [/^https:\/\/api\.vbee\.vn/, ''],
  [/^https:\/\/vbee\.vn/, ''],
  [/^https:\/\/api\.fpt\.ai/, ''],
]

let api: SynthesisTestApi
const receiver = callbackReceiver()
let provided: Record<string, string>

beforeAll(async () => {
  api = await startSynthesisTestApi({
    env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1', API_PUBLIC_URL: API_URL },
  })
  const callbackUrl = await receiver.listen()
  await api.setBalance(OWNER, 1_000_000, 'aivoiceapi')
  const consoleToken = await api.token(OWNER)
  const created = await api.call({
    method: 'POST',
    url: '/api/v1/api-apps',
    token: consoleToken,
    payload: { name: 'Docs examples' },
  })
  expect(created.statusCode, created.body).toBe(200)
  const { app, token } = created.json().result as {
    app: { app_id: string; callback_secret: string }
    token: string
  }
  provided = {
    LOA_API: API_URL,
    LOA_TOKEN: token,
    LOA_APP_ID: app.app_id,
    LOA_CALLBACK_SECRET: app.callback_secret,
    LOA_CONSOLE_TOKEN: consoleToken,
    CALLBACK_URL: callbackUrl,
    OPENAI_API_KEY: token,
    VBEE_TOKEN: token,
    VBEE_APP_ID: app.app_id,
    FPT_API_KEY: token,
  }
}, 240_000)
afterAll(async () => {
  receiver.close()
  await api?.close()
})

interface Answer {
  status: number
  type: string
  body: string
  json?: unknown
}

/** The request's path on Loa: our base URL, or another provider's host the migration pages map to ours. */
const pathOf = (request: CurlRequest, theirs: boolean): string => {
  if (request.url.startsWith(provided.LOA_API!)) return request.url.slice(provided.LOA_API!.length)
  const mapped = theirs ? THEIRS.find(([host]) => host.test(request.url)) : undefined
  if (!mapped) throw new Error(`${request.url}: not the Loa API${theirs ? ' nor a mapped provider' : ''}`)
  return request.url.replace(mapped[0], mapped[1])
}

const send = async (request: CurlRequest, theirs: boolean): Promise<Answer> => {
  const res = await api.call({
    method: request.method as 'GET',
    url: pathOf(request, theirs),
    headers: request.headers,
    ...(request.body !== undefined && { payload: request.body }),
  })
  const type = String(res.headers['content-type'] ?? '')
  let json: unknown
  if (type.includes('json')) json = res.json()
  return { status: res.statusCode, type, body: res.body, json }
}

const where = (guide: GuideSource, fence: Fence) => `${guide.locale}/${guide.slug}.md:${fence.line}`

/** Runs one guide's fences in order; returns what went wrong, by line. */
const runGuide = async (guide: GuideSource): Promise<string[]> => {
  const env: Record<string, string> = { ...provided }
  const problems: string[] = []
  let last: Answer | undefined
  /** The last answer to each side of a side-by-side pair (`side=Vbee`), for a `response of=Vbee`. */
  const bySide: Record<string, Answer> = {}
  const delivered = receiver.received.length
  for (const fence of guide.fences) {
    const at = where(guide, fence)
    try {
      // `wait=callback`: this example reads a callback an earlier one asked for (sent by a job after the render).
      if (fence.meta.wait === 'callback' && (await deliveries(delivered + 1)) <= delivered)
        problems.push(`${at}: no callback was delivered`)
      if (fence.language === 'sh') {
        if (fence.meta.env !== undefined) {
          const names = [...fence.code.matchAll(/^\s*(?:export\s+)?([A-Z_][A-Z0-9_]*)=/gm)].map((m) => m[1]!)
          const unknown = names.filter((name) => provided[name] === undefined)
          if (unknown.length || !names.length) problems.push(`${at}: sets ${unknown.join(', ') || 'nothing'}`)
          continue
        }
        for (const request of parseCurlScript(fence.code, env)) {
          last = await send(request, fence.meta.theirs !== undefined)
          if (fence.meta.side) bySide[fence.meta.side] = last
          const expected = fence.meta.expect ? Number(fence.meta.expect) : undefined
          const ok =
            expected === undefined ? last.status >= 200 && last.status < 300 : last.status === expected
          if (!ok)
            problems.push(
              `${at}: ${request.method} ${request.url} answered ${last.status}: ${last.body.slice(0, 400)}`,
            )
          if (request.output && (!last.body.length || last.type.includes('json')))
            problems.push(`${at}: -o ${request.output} got ${last.type} instead of a file`)
          for (const save of (fence.meta.save ?? '').split(',').filter(Boolean)) {
            const [name, field] = save.split(':') as [string, string]
            const value = pick(last.json, field)
            if (typeof value !== 'string')
              problems.push(`${at}: no ${field} to save in ${last.body.slice(0, 300)}`)
            else env[name] = value
          }
        }
      } else if (fence.language === 'json') {
        const shown = JSON.parse(fence.code) as unknown
        if (fence.meta.response !== undefined) {
          const answer = fence.meta.of ? bySide[fence.meta.of] : last
          if (!answer?.json) problems.push(`${at}: no JSON answer before this response`)
          else
            problems.push(
              ...shapeDifferences(shown, answer.json).map(
                (d) => `${at}: ${d} — answer: ${JSON.stringify(answer.json).slice(0, 400)}`,
              ),
            )
        }
      } else if (fence.language === 'js') {
        problems.push(...(await runModule(fence, env)).map((p) => `${at}: ${p}`))
      } else if (fence.language !== 'text')
        problems.push(`${at}: a \`${fence.language}\` fence is not run by this test`)
    } catch (error) {
      problems.push(`${at}: ${(error as Error).message}`)
    }
  }
  return problems
}

const moduleDir = mkdtempSync(path.join(tmpdir(), 'loa-docs-examples-'))

/** `run=verifyLoaSignature`: the guide's receiver-side check, on a callback the API really signed and delivered. */
const runModule = async (fence: Fence, env: Record<string, string>): Promise<string[]> => {
  if (fence.meta.run !== 'verifyLoaSignature')
    return [`js fence without a known run= (${fence.meta.run ?? 'none'})`]
  const file = path.join(moduleDir, `verify-${fence.line}-${Math.random().toString(36).slice(2)}.mjs`)
  writeFileSync(file, fence.code)
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>
  const verify = mod.verifyLoaSignature as (raw: string, header: string, secret: string) => boolean
  const delivered = receiver.received.at(-1)
  if (!delivered) return ['no callback was delivered before this check (an earlier example sends one)']
  const secret = env.LOA_CALLBACK_SECRET!
  const now = Math.floor(Date.now() / 1000)
  const problems: string[] = []
  if (!verifySignature(secret, delivered.body, delivered.signature, now))
    problems.push('the server’s own check refuses the delivery')
  if (!verify(delivered.body, delivered.signature, secret)) problems.push('refuses a genuine callback')
  if (verify(`${delivered.body} `, delivered.signature, secret)) problems.push('accepts a changed body')
  if (verify(delivered.body, delivered.signature, `${secret}x`)) problems.push('accepts another secret')
  const old = delivered.signature.replace(/t=(\d+)/, (_m, t: string) => `t=${Number(t) - 3600}`)
  if (verify(delivered.body, old, secret)) problems.push('accepts an hour-old timestamp')
  return problems
}

/** Waits until the receiver holds `count` deliveries (callbacks are sent by a job after the render). */
const deliveries = async (count: number) => {
  for (let i = 0; i < 600 && receiver.received.length < count; i += 1)
    await new Promise((r) => setTimeout(r, 100))
  return receiver.received.length
}

describe('every guide example runs against the API', () => {
  const guides = readGuides()

  it('finds the guides in both languages', () => {
    const slugs = (locale: string) => guides.filter((g) => g.locale === locale).map((g) => g.slug)
    expect(slugs('en').length).toBeGreaterThanOrEqual(10)
    expect(slugs('vi')).toEqual(slugs('en'))
  })

  for (const guide of guides)
    it(`${guide.locale}/${guide.slug}`, async () => {
      expect(await runGuide(guide)).toEqual([])
    }, 180_000)
})
