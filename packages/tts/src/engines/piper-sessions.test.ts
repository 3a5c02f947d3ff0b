import { mkdtempSync, rmSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { writeTinyVoice } from '../../test/piper/build-tiny-voice.mjs'
import { PiperSessions, type LoadedVoice } from './piper-sessions.ts'

const dir = mkdtempSync(join(tmpdir(), 'loa-sessions-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('Piper sessions on a thread', () => {
  it('loads a voice once, lazily, and releases it when idle', async () => {
    const sessions = new PiperSessions(150)
    const model = writeTinyVoice(dir, 'idle')
    expect(sessions.size).toBe(0)
    const seen: LoadedVoice[] = []
    await sessions.with(model, false, async (v) => void seen.push(v))
    await sessions.with(model, false, async (v) => void seen.push(v))
    expect(seen[0]).toBe(seen[1])
    expect(sessions.size).toBe(1)
    await sleep(400)
    expect(sessions.size).toBe(0)
    await sessions.with(model, false, async (v) => void seen.push(v))
    expect(seen[2]).not.toBe(seen[0])
    sessions.closeAll()
  })

  it('opens a new session when the model file changes, and none once it is gone', async () => {
    const sessions = new PiperSessions(60_000)
    const model = writeTinyVoice(dir, 'changing')
    const first = await sessions.with(model, false, async (v) => v)
    const later = new Date(Date.now() + 5_000)
    utimesSync(model, later, later)
    const second = await sessions.with(model, false, async (v) => v)
    expect(second).not.toBe(first)
    rmSync(model)
    await expect(sessions.with(model, false, async (v) => v)).rejects.toMatchObject({
      code: 'TTS_VOICE_UNAVAILABLE',
    })
    expect(sessions.size).toBe(0)
  })

  it('refuses a single-speaker model for a multi-speaker voice (no sid input)', async () => {
    const sessions = new PiperSessions(60_000)
    await expect(sessions.with(writeTinyVoice(dir, 'nosid'), true, async (v) => v)).rejects.toMatchObject({
      code: 'TTS_VOICE_MODEL_INVALID',
    })
    expect(sessions.size).toBe(0)
  })
})
