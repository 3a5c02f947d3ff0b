/**
 * Neural voices installed in the voices folder (`loa voices install`) joined to the catalogue: each one gets
 * an `app.voices` row (provider `piper`, engine voice = its tts code), a removed one is deactivated, and a
 * sample spoken at install time (`NAME.sample.mp3`) is published under the public media prefix. Runs when
 * the folder changed, before the catalogue is read, so running services pick up voices without a restart.
 */
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { app as t, type Db } from '@loa/db'
import type { Storage } from '@loa/storage'
import { installedVoices, type LoaVoice } from '@loa/tts'
import { and, eq, notInArray } from 'drizzle-orm'
import { createSampleFileWriter } from '../lib/sample-writer.ts'
import { joinVoiceRow } from './voice-row.ts'

export const NEURAL_PROVIDER = 'piper'

export interface NeuralVoiceSync {
  /** Brings the catalogue in line with the folder; true when the catalogue may have changed. */
  ensure(): Promise<boolean>
  /** Whether the folder changed since the last `ensure()` (cheap and synchronous: asked on every public read). */
  stale(): boolean
}

/** `NAME.sample.mp3` next to the voice's model, when the installer left one. */
const sampleOf = async (voice: LoaVoice): Promise<Uint8Array | undefined> => {
  const sample = voice.engine.piper?.sample
  if (!sample) return undefined
  return readFile(sample).catch(() => undefined)
}

export const createNeuralVoiceSync = (deps: {
  db: Db
  storage?: Storage
  publicUrl: string
}): NeuralVoiceSync => {
  const { db } = deps
  const writeSample = deps.storage ? createSampleFileWriter(deps.storage, deps.publicUrl) : undefined
  let synced: readonly LoaVoice[] | undefined
  let running: Promise<void> | undefined

  const upsert = async (voice: LoaVoice): Promise<void> => {
    // A catalogue voice of the same code is the operator's: an installed file never replaces it.
    const { joined, row } = await joinVoiceRow(db, voice, NEURAL_PROVIDER, {
      isOperators: (existing) => existing.provider !== NEURAL_PROVIDER,
      // A natural voice is offered where people first hear Loa (the landing's samples, the demo) and dubs.
      extra: { isSample: true, hasDubbing: true },
    })
    if (!joined) return
    if (row?.sampleAudioUrl || !writeSample) return
    const sample = await sampleOf(voice)
    if (!sample) return
    const url = await writeSample(`voices/samples/${basename(voice.code)}.mp3`, sample, 'audio/mpeg')
    await db.update(t.voices).set({ sampleAudioUrl: url }).where(eq(t.voices.code, voice.code))
  }

  const sync = async (voices: readonly LoaVoice[]): Promise<void> => {
    for (const voice of voices) await upsert(voice)
    const codes = voices.map((v) => v.code)
    await db
      .update(t.voices)
      .set({ active: false, updatedAt: new Date() })
      .where(
        and(
          eq(t.voices.provider, NEURAL_PROVIDER),
          eq(t.voices.active, true),
          ...(codes.length ? [notInArray(t.voices.code, codes)] : []),
        ),
      )
  }

  return {
    stale: () => installedVoices() !== synced,
    async ensure() {
      const voices = installedVoices()
      if (voices === synced) return false
      running ??= sync(voices).finally(() => (running = undefined))
      await running
      synced = voices
      return true
    },
  }
}
