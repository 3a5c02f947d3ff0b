import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { closeSharedPool, findVoice, getVoicesDir, setVoicesDir } from '@loa/tts'
import { buildTinyModel, tinyVoiceConfig } from '@loa/tts/test-voices'
import { parseDefaultVoices } from './config.ts'
import { installDefaultVoices } from './default-voices.ts'

/** A loopback Piper voice repository: voices.json with sizes and MD5s, the model sent in ten pieces. */
const NAME = 'vi_VN-tiny-x_low'
const model = Buffer.from(buildTinyModel())
const config = Buffer.from(JSON.stringify(tinyVoiceConfig()))
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex')
const catalogue = JSON.stringify({
  [NAME]: {
    files: {
      [`vi/vi_VN/tiny/x_low/${NAME}.onnx`]: { size_bytes: model.length, md5_digest: md5(model) },
      [`vi/vi_VN/tiny/x_low/${NAME}.onnx.json`]: { size_bytes: config.length, md5_digest: md5(config) },
    },
  },
})
let server: Server
let base: string
let requests: string[] = []
let dir: string
const before = getVoicesDir()

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? ''
    requests.push(url)
    if (url === '/voices.json') return void res.end(catalogue)
    if (url.endsWith('.onnx.json')) return void res.end(config)
    if (!url.endsWith('.onnx')) return void res.writeHead(404).end()
    res.writeHead(200, { 'content-length': model.length })
    const piece = Math.ceil(model.length / 10)
    let at = 0
    const next = () => {
      if (at >= model.length) return void res.end()
      res.write(model.subarray(at, (at += piece)))
      setTimeout(next, 5)
    }
    next()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  setVoicesDir(before)
  await closeSharedPool()
  await new Promise((resolve) => server.close(resolve))
})
beforeEach(() => {
  requests = []
  dir = mkdtempSync(path.join(tmpdir(), 'loa-default-voices-'))
  setVoicesDir(dir)
  return () => rmSync(dir, { recursive: true, force: true })
})

const run = async (baseUrl: string) => {
  const lines: string[] = []
  await installDefaultVoices({ names: [NAME], dir, baseUrl, log: (l) => lines.push(l) })
  return lines
}

describe('default voices at start-up', () => {
  it('downloads the voice with checks, one line per 10% at most, speaks its sample and lists it', async () => {
    const lines = await run(base)
    const progress = lines.filter((l) => /: \d+% \(/.test(l)).map((l) => Number(/: (\d+)%/.exec(l)![1]))
    expect(progress.length).toBeGreaterThan(1)
    expect(progress.length).toBeLessThanOrEqual(10)
    expect(progress.every((p, i) => p % 10 === 0 && (i === 0 || p > progress[i - 1]!))).toBe(true)
    expect(progress.at(-1)).toBe(100)
    expect(lines.at(-1)).toMatch(
      new RegExp(`^natural voice ${NAME} installed .*size and MD5 checked, sample spoken`),
    )
    expect(readdirSync(dir).sort()).toEqual([`${NAME}.onnx`, `${NAME}.onnx.json`, `${NAME}.sample.mp3`])
    expect(findVoice(NAME)?.engine.piper?.sample).toBe(path.join(dir, `${NAME}.sample.mp3`))
  }, 60_000)

  it('does not download a voice already installed', async () => {
    await run(base)
    requests = []
    const lines = await run(base)
    expect(requests).toEqual([])
    expect(lines).toEqual([])
  }, 60_000)

  it('offline: one clear line, nothing kept, no exception — the next start tries again', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const lines = await run(`http://127.0.0.1:${port}`)
    expect(lines.filter((l) => l.startsWith('natural voice not installed'))).toHaveLength(1)
    expect(lines.at(-1)).toMatch(new RegExp(`^natural voice not installed: ${NAME}: .+; eSpeak voices only`))
    expect(readdirSync(dir)).toEqual([])
    expect(existsSync(path.join(dir, `${NAME}.onnx`))).toBe(false)
    expect((await run(base)).at(-1)).toMatch(/installed/)
  }, 60_000)

  it('reads LOA_DEFAULT_VOICES: a comma list, none turns it off', () => {
    expect(parseDefaultVoices('vi_VN-vais1000-medium')).toEqual(['vi_VN-vais1000-medium'])
    expect(parseDefaultVoices(' a-b-low , c-d-medium ,')).toEqual(['a-b-low', 'c-d-medium'])
    expect(parseDefaultVoices('none')).toEqual([])
    expect(parseDefaultVoices('NONE ')).toEqual([])
  })
})
