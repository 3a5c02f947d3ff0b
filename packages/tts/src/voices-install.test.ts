import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTinyModel, tinyVoiceConfig } from '../test/piper/build-tiny-voice.mjs'
import { installVoice, removeVoice } from './voices-install.ts'
import { findVoice } from './voices.ts'
import { getVoicesDir, setVoicesDir } from './voices-installed.ts'

const NAME = 'vi_VN-tiny-x_low'
const PATH = `vi/vi_VN/tiny/x_low/${NAME}`
const model = Buffer.from(buildTinyModel())
const config = Buffer.from(JSON.stringify(tinyVoiceConfig()))
const md5 = (b: Buffer): string => createHash('md5').update(b).digest('hex')

/** What the loopback repository does wrong (nothing by default). */
let fault: 'none' | 'bad-md5' | 'cut-model' = 'none'

const catalogue = () => ({
  [NAME]: {
    key: NAME,
    files: {
      [`${PATH}.onnx`]: {
        size_bytes: model.length,
        md5_digest: fault === 'bad-md5' ? md5(config) : md5(model),
      },
      [`${PATH}.onnx.json`]: { size_bytes: config.length, md5_digest: md5(config) },
      [`vi/vi_VN/tiny/x_low/MODEL_CARD`]: { size_bytes: 3, md5_digest: 'x' },
    },
  },
})

let server: Server
let base: string
let dir: string
const before = getVoicesDir()

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? ''
    if (url === '/repo/voices.json') return res.end(JSON.stringify(catalogue()))
    if (url === `/repo/${PATH}.onnx` || url === `/direct/${NAME}.onnx`) {
      if (fault === 'cut-model') {
        // Announces the whole model, sends half of it and hangs up.
        res.writeHead(200, { 'content-length': String(model.length) })
        res.write(model.subarray(0, model.length >> 1))
        setTimeout(() => res.socket?.destroy(), 20)
        return
      }
      return res.end(model)
    }
    if (url === `/repo/${PATH}.onnx.json` || url === `/direct/${NAME}.onnx.json`) return res.end(config)
    res.statusCode = 404
    res.end('not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  setVoicesDir(before)
  await new Promise((resolve) => server.close(resolve))
})
beforeEach(() => {
  fault = 'none'
  dir = mkdtempSync(join(tmpdir(), 'loa-install-'))
  setVoicesDir(dir)
  return () => rmSync(dir, { recursive: true, force: true })
})

describe('loa voices install / remove against a loopback Piper repository', () => {
  it('installs a voice by name, checking sizes and MD5s, and lists it at once', async () => {
    const installed = await installVoice(NAME, { dir, baseUrl: `${base}/repo` })
    expect(installed).toMatchObject({ name: NAME, verified: true, bytes: model.length + config.length })
    expect(readFileSync(join(dir, `${NAME}.onnx`)).equals(model)).toBe(true)
    expect(readdirSync(dir).sort()).toEqual([`${NAME}.onnx`, `${NAME}.onnx.json`])
    expect(findVoice(NAME)?.engine.piper?.model).toBe(join(dir, `${NAME}.onnx`))
    await removeVoice(NAME, dir)
    expect(readdirSync(dir)).toEqual([])
    expect(findVoice(NAME)).toBeUndefined()
  })

  it('installs by URL (nothing to check against)', async () => {
    const installed = await installVoice(`${base}/direct/${NAME}.onnx`, { dir })
    expect(installed.verified).toBe(false)
    expect(findVoice(NAME)).toBeDefined()
  })

  it('refuses a checksum mismatch and keeps nothing', async () => {
    fault = 'bad-md5'
    await expect(installVoice(NAME, { dir, baseUrl: `${base}/repo` })).rejects.toMatchObject({
      code: 'VOICE_CHECK_FAILED',
    })
    expect(readdirSync(dir)).toEqual([])
    expect(findVoice(NAME)).toBeUndefined()
  })

  it('leaves nothing behind when the download is interrupted', async () => {
    fault = 'cut-model'
    await expect(installVoice(NAME, { dir, baseUrl: `${base}/repo` })).rejects.toMatchObject({
      code: expect.stringMatching(/VOICE_DOWNLOAD_FAILED|VOICE_CHECK_FAILED/),
    })
    expect(readdirSync(dir)).toEqual([])
  })

  it('says which voice is unknown, and which is not installed', async () => {
    await expect(installVoice('vi_VN-nosuch-medium', { dir, baseUrl: `${base}/repo` })).rejects.toMatchObject(
      {
        code: 'VOICE_NOT_FOUND',
      },
    )
    await expect(installVoice(`${base}/direct/missing.onnx`, { dir })).rejects.toMatchObject({
      code: 'VOICE_NOT_FOUND',
    })
    await expect(removeVoice(NAME, dir)).rejects.toMatchObject({ code: 'VOICE_NOT_INSTALLED' })
    expect(readdirSync(dir)).toEqual([])
  })
})
