/**
 * A natural voice from the first start (issue #26 §1): `loa serve all` (so `npm start`) installs the
 * recommended Piper voices (`LOA_DEFAULT_VOICES`) in the background, with the checks of `loa voices install`.
 * Start-up never waits for it: the services answer at once with the eSpeak voices, the download prints one line
 * per 10%, and the voice joins the catalogue (the API's folder watch) once its files — and its sample — are in
 * place. Offline or failing: one line, never a crash; the next start tries again. Installed voices are kept.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { installVoice, type InstallOptions } from '@loa/tts'
import { writeVoiceSample } from './voice-sample.ts'

export interface DefaultVoicesOptions {
  /** Piper voice names (or `….onnx` URLs) to have installed; empty = nothing to do. */
  names: readonly string[]
  dir: string
  baseUrl?: string
  fetch?: typeof fetch
  /** One console line (progress, outcome). */
  log: (line: string) => void
}

const MB = 1024 * 1024
const mb = (bytes: number) => (bytes / MB).toFixed(1)

/** The voice's file stem (a name, or the model file of a URL). */
const stemOf = (nameOrUrl: string) =>
  /^https?:\/\//.test(nameOrUrl)
    ? (new URL(nameOrUrl).pathname.split('/').pop() ?? '').replace(/\.onnx$/, '')
    : nameOrUrl

/** Progress as one line per 10% reached (a download reports every chunk). */
const progressLines = (name: string, log: (line: string) => void): InstallOptions['onProgress'] => {
  let lastStep = 0
  return (bytes, total) => {
    if (total <= 0) return
    const step = Math.min(10, Math.floor((bytes / total) * 10))
    if (step <= lastStep) return
    lastStep = step
    log(`natural voice ${name}: ${step * 10}% (${mb(bytes)} of ${mb(total)} MB)`)
  }
}

/** Installs each missing voice, one after another; resolves when all are done or given up (never rejects). */
export const installDefaultVoices = async (options: DefaultVoicesOptions): Promise<void> => {
  for (const nameOrUrl of options.names) {
    const name = stemOf(nameOrUrl)
    const model = join(options.dir, `${name}.onnx`)
    try {
      if (existsSync(model) && existsSync(`${model}.json`)) {
        // Installed earlier: nothing to download; a sample lost (or never spoken) is spoken now.
        if (!existsSync(join(options.dir, `${name}.sample.mp3`)))
          await writeVoiceSample(name, options.dir, { closePool: false })
        continue
      }
      options.log(`natural voice ${name}: downloading in the background (eSpeak voices meanwhile)`)
      const installed = await installVoice(nameOrUrl, {
        dir: options.dir,
        ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        log: (line) => (line.startsWith('warning') ? options.log(`natural voice ${line}`) : undefined),
        onProgress: progressLines(name, options.log),
      })
      const sample = await writeVoiceSample(installed.name, options.dir, { closePool: false })
      options.log(
        `natural voice ${installed.name} installed (${mb(installed.bytes)} MB${installed.verified ? ', size and MD5 checked' : ''}${sample ? ', sample spoken' : ''})`,
      )
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      options.log(
        `natural voice not installed: ${name}: ${reason}; eSpeak voices only (retried at the next start)`,
      )
    }
  }
}
