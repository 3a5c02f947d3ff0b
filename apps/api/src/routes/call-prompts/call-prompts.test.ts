import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { verifySignature } from '@loa/synthesis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeAudio, hasFfmpeg, warnNoFfmpeg } from '../../test/ffmpeg-audio.ts'
import { callbackReceiver, startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

/**
 * Issue 30 §4 through the API: the studio (session) and the developer API (app token) check a script's rows,
 * render them in a job, download the ZIP (files + manifest.csv) and pay per character from the `aicall` wallet.
 */
const receiver = callbackReceiver()
let api: SynthesisTestApi
beforeAll(async () => {
  api = await startSynthesisTestApi({ env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1' }, runJobs: false })
})
afterAll(async () => {
  receiver.close()
  await api?.close()
})
warnNoFfmpeg('call prompts')

const SCRIPT =
  'Kính chào {{ten}}, khoản phí {{so_tien:money}} của hợp đồng {{ma_hd:code}} đến hạn ngày {{han:date}}.'
const CSV = [
  'ten,so_tien,ma_hd,han,file',
  'anh Minh,1.500.000,HD24,30/11/2026,minh',
  '"chị Lan, quận 3",250000,HD25,2026-12-01,lan',
  'cô Hoa,90.000 đ,HD26,01/12/2026,hoa',
].join('\n')

const post = (token: string, url: string, payload: object, headers: Record<string, string> = {}) =>
  api.call({ method: 'POST', url: `/api/v1/call-prompts${url}`, token, payload, headers })

const waitFinal = async (auth: { token?: string; headers?: Record<string, string> }, id: string) => {
  for (let i = 0; i < 1200; i++) {
    const res = await api.call({ method: 'GET', url: `/api/v1/call-prompts/${id}`, ...auth })
    expect(res.statusCode, res.body).toBe(200)
    const job = res.json().result
    if (job.status !== 'IN_PROGRESS') return job
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`job ${id} did not finish`)
}

const unzip = async (link: string): Promise<Record<string, Buffer>> => {
  const url = new URL(link)
  const res = await api.call({ method: 'GET', url: url.pathname + url.search })
  expect(res.statusCode).toBe(200)
  const dir = mkdtempSync(path.join(tmpdir(), 'loa-call-zip-'))
  try {
    writeFileSync(path.join(dir, 'a.zip'), res.rawPayload)
    execFileSync('unzip', ['-q', 'a.zip', '-d', 'out'], { cwd: dir })
    return Object.fromEntries(
      readdirSync(path.join(dir, 'out')).map((f) => [f, readFileSync(path.join(dir, 'out', f))]),
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('call prompts in bulk (issue 30 §4)', () => {
  it('a new profile has the trial; a cancelled job gives every credit back', async () => {
    const token = await api.token('call-cancel')
    const list = await api.call({ method: 'GET', url: '/api/v1/call-prompts', token })
    expect(list.statusCode, list.body).toBe(200)
    expect(list.json().result).toMatchObject({ total: 0, balance: 10_000, items: [] })
    const created = await post(token, '', { script: SCRIPT, csv: CSV })
    expect(created.statusCode, created.body).toBe(200)
    const job = created.json().result
    expect(job).toMatchObject({ status: 'IN_PROGRESS', row_count: 3, format: 'wav_8000', zip_url: null })
    expect(await api.balance('call-cancel', 'aicall')).toBe(10_000 - job.characters)
    const cancelled = await api.call({ method: 'DELETE', url: `/api/v1/call-prompts/${job.id}`, token })
    expect(cancelled.json().result).toMatchObject({ status: 'CANCELLED', characters_charged: 0 })
    expect(await api.balance('call-cancel', 'aicall')).toBe(10_000)
    // Another user does not see it.
    const other = await api.call({
      method: 'GET',
      url: `/api/v1/call-prompts/${job.id}`,
      token: await api.token('x'),
    })
    expect(other.statusCode).toBe(404)
  })

  it('check reports every unreadable value by row and column; create refuses them and reserves nothing', async () => {
    const token = await api.token('call-check')
    const bad = `${CSV}\nanh Tú,nhiều tiền,HD27,31/11/2026,tu\nchị Mai,5000,#1,01/12/2026,minh`
    const check = await post(token, '/check', { script: SCRIPT, csv: bad })
    expect(check.statusCode, check.body).toBe(200)
    expect(check.json().result).toMatchObject({
      row_count: 5,
      valid_rows: 3,
      balance: 10_000,
      problems: [
        { row: 4, column: 'so_tien', problem: 'money', value: 'nhiều tiền' },
        { row: 4, column: 'han', problem: 'date', value: '31/11/2026' },
        { row: 5, column: 'ma_hd', problem: 'code', value: '#1' },
        { row: 5, column: 'file', problem: 'file_taken', value: 'minh' },
      ],
      first_text:
        'Kính chào anh Minh, khoản phí 1.500.000 đồng của hợp đồng H D 2 4 đến hạn ngày 30/11/2026.',
    })
    const refused = await post(token, '', { script: SCRIPT, csv: bad })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      error_code: 'CALL_PROMPT_ROWS_INVALID',
      details: { problem_count: 4 },
    })
    expect(await api.balance('call-check', 'aicall')).toBe(10_000)
    const missing = await post(token, '', { script: `${SCRIPT} {{bien_so:plate}}`, csv: CSV })
    expect(missing.json()).toMatchObject({ details: { missing_columns: ['bien_so'] } })
    const preview = await post(token, '/preview', {
      script: 'Xe {{bien_so:plate}} hết hạn ngày {{han:date}}.',
      values: { bien_so: '29a12345', han: '2026-12-01' },
    })
    expect(preview.json().result.text).toMatch(
      /^Xe hai chín .+ một hai ba bốn năm hết hạn ngày một tháng mười hai năm hai nghìn không trăm hai mươi sáu\.$/,
    )
    const third = await post(token, '/preview', { script: SCRIPT, csv: CSV, row: 3 })
    expect(third.json().result.text).toMatch(/^Kính chào cô Hoa, khoản phí chín mươi nghìn đồng /)
    await api.setBalance('call-check', 10, 'aicall')
    const poor = await post(token, '', { script: SCRIPT, csv: CSV })
    expect(poor.statusCode).toBe(402)
    expect(poor.json().error_code).toBe('INSUFFICIENT_CREDITS')
  })

  it.skipIf(!hasFfmpeg)(
    'the studio renders a CSV to raw μ-law files: the ZIP holds each file and manifest.csv, ffmpeg decodes them at 8 kHz',
    async () => {
      await api.startJobs(2)
      const token = await api.token('call-studio')
      const created = await post(token, '', { script: SCRIPT, csv: CSV, format: 'ulaw', title: 'Nhắc phí' })
      expect(created.statusCode, created.body).toBe(200)
      const job = await waitFinal({ token }, created.json().result.id)
      expect(job).toMatchObject({ status: 'SUCCESS', done_rows: 3, failed_rows: 0, progress: 100 })
      expect(job.characters_charged).toBe(job.characters)
      expect(await api.balance('call-studio', 'aicall')).toBe(10_000 - job.characters)
      const files = await unzip(job.zip_url)
      expect(Object.keys(files).sort()).toEqual(['hoa.ulaw', 'lan.ulaw', 'manifest.csv', 'minh.ulaw'])
      const manifest = files['manifest.csv']!.toString().trim().split('\r\n')
      expect(manifest[0]).toBe('row,file,duration,characters,status,error')
      for (const [i, name] of ['minh', 'lan', 'hoa'].entries()) {
        const [row, file, duration, characters, status] = manifest[i + 1]!.split(',')
        expect([row, file, status]).toEqual([String(i + 1), `${name}.ulaw`, 'SUCCESS'])
        expect(Number(characters)).toBeGreaterThan(50)
        const audio = decodeAudio(files[`${name}.ulaw`]!, ['-f', 'mulaw', '-ar', '8000'])
        expect(audio.rms).toBeGreaterThan(100)
        // Raw μ-law: one byte a sample at 8 kHz, the duration the manifest says (to its millisecond).
        expect(Math.abs(files[`${name}.ulaw`]!.length - Number(duration) * 8000)).toBeLessThanOrEqual(4)
      }
    },
  )

  it.skipIf(!hasFfmpeg)(
    'the developer API: app token, JSON rows, Asterisk WAVs, a signed callback, Idempotency-Key replays',
    async () => {
      await api.startJobs(2)
      const owner = await api.token('call-dev')
      const hook = await receiver.listen()
      const made = await api.call({
        method: 'POST',
        url: '/api/v1/api-apps',
        token: owner,
        payload: { name: 'Tổng đài', callback_url: hook },
      })
      const { token: appToken, app } = made.json().result
      const headers = { authorization: `Bearer ${appToken}`, 'idempotency-key': 'nhac-phi-11' }
      const payload = {
        script: 'Chào {{ten}}, xe {{xe:plate}} hết hạn đăng kiểm.',
        rows: [
          { ten: 'anh Minh', xe: '29A-123.45' },
          { ten: 'chị Lan', xe: '51F12345' },
        ],
      }
      const first = await api.call({ method: 'POST', url: '/api/v1/call-prompts', headers, payload })
      expect(first.statusCode, first.body).toBe(200)
      const again = await api.call({ method: 'POST', url: '/api/v1/call-prompts', headers, payload })
      expect(again.headers['idempotent-replayed']).toBe('true')
      expect(again.json().result.id).toBe(first.json().result.id)
      const auth = { headers: { authorization: `Bearer ${appToken}` } }
      const job = await waitFinal(auth, first.json().result.id)
      expect(job).toMatchObject({ status: 'SUCCESS', source: 'API', app_id: app.app_id, format: 'wav_8000' })
      const files = await unzip(job.zip_url)
      expect(Object.keys(files).sort()).toEqual(['00001.wav', '00002.wav', 'manifest.csv'])
      for (const name of ['00001.wav', '00002.wav']) {
        const audio = decodeAudio(files[name]!)
        expect([audio.codec, audio.sampleRate]).toEqual(['pcm_s16le', 8000])
        expect(audio.rms).toBeGreaterThan(100)
      }
      // Only one job was made and charged.
      const list = await api.call({ method: 'GET', url: '/api/v1/call-prompts', ...auth })
      expect(list.json().result.total).toBe(1)
      expect(await api.balance('call-dev', 'aicall')).toBe(10_000 - job.characters)
      for (let i = 0; i < 100 && receiver.received.length === 0; i++)
        await new Promise((r) => setTimeout(r, 100))
      const delivery = receiver.received[0]!
      expect(JSON.parse(delivery.body)).toMatchObject({ id: job.id, status: 'SUCCESS' })
      expect(verifySignature(app.callback_secret, delivery.body, delivery.signature, Date.now() / 1000)).toBe(
        true,
      )
    },
  )
})
