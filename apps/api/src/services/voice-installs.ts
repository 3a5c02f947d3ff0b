/**
 * Installs started from the back-office's Voices screen (issue #26 §1): a Piper voice by repository name or by the
 * URL of its `.onnx`, downloaded in the background with `installVoice` (sizes and MD5s checked as `loa voices
 * install` does) into the voices folder the services read, its progress kept here for the screen to poll. When the
 * files are in place the catalogue is brought in line and the voice's sample is spoken. The progress lives in this
 * process (the replica that was asked); the folder is what every replica reads.
 */
import { basename } from 'node:path'
import { getVoicesDir, installVoice, VoiceInstallError } from '@loa/tts'

export type InstallStateName = 'RUNNING' | 'INSTALLED' | 'FAILED'

export interface VoiceInstallState {
  /** The voice's file name (`vi_VN-vais1000-medium`), or the model file's stem of a URL. */
  name: string
  /** What the operator asked for: a name or a URL. */
  source: string
  state: InstallStateName
  /** Bytes downloaded so far of `total` (0 while unknown). */
  bytes: number
  total: number
  /** Whether the sample was spoken after the install (INSTALLED only). */
  sample: boolean
  errorCode: string | null
  errorMessage: string | null
  startedAt: Date
  finishedAt: Date | null
}

export interface VoiceInstalls {
  /** Starts an install (or answers the one of the same name already running). */
  start(source: string): VoiceInstallState
  /** The installs since the process started, newest first. */
  list(): VoiceInstallState[]
  /** Resolves when every running install has finished (tests, shutdown). */
  idle(): Promise<void>
}

/** The voice's file stem (a name, or the model file of a URL). */
export const installNameOf = (source: string): string =>
  /^https?:\/\//i.test(source) ? basename(new URL(source).pathname).replace(/\.onnx$/, '') : source.trim()

/** Finished installs kept for the screen (the newest). */
const KEPT = 20

export const createVoiceInstalls = (deps: {
  baseUrl: string | undefined
  /** After the files are in place: bring the catalogue in line, speak the sample; true when a sample was made. */
  afterInstall: (name: string) => Promise<boolean>
  log: (message: string, error?: unknown) => void
}): VoiceInstalls => {
  const states = new Map<string, VoiceInstallState>()
  const running = new Set<Promise<void>>()

  const run = async (state: VoiceInstallState): Promise<void> => {
    try {
      await installVoice(state.source, {
        dir: getVoicesDir(),
        ...(deps.baseUrl ? { baseUrl: deps.baseUrl } : {}),
        onProgress: (bytes, total) => {
          state.bytes = bytes
          state.total = total
        },
      })
      state.sample = await deps.afterInstall(state.name).catch((error: unknown) => {
        deps.log(`voice ${state.name} installed; its sample could not be spoken`, error)
        return false
      })
      state.state = 'INSTALLED'
    } catch (error) {
      state.state = 'FAILED'
      state.errorCode = error instanceof VoiceInstallError ? error.code : 'VOICE_DOWNLOAD_FAILED'
      state.errorMessage = error instanceof Error ? error.message : String(error)
      deps.log(`voice install of ${state.source} failed`, error)
    } finally {
      state.finishedAt = new Date()
    }
  }

  const prune = () => {
    const finished = [...states.values()].filter((s) => s.state !== 'RUNNING')
    for (const old of finished.slice(0, Math.max(0, finished.length - KEPT))) states.delete(old.name)
  }

  return {
    start(source) {
      const name = installNameOf(source)
      const current = states.get(name)
      if (current?.state === 'RUNNING') return current
      states.delete(name)
      const state: VoiceInstallState = {
        name,
        source: source.trim(),
        state: 'RUNNING',
        bytes: 0,
        total: 0,
        sample: false,
        errorCode: null,
        errorMessage: null,
        startedAt: new Date(),
        finishedAt: null,
      }
      states.set(name, state)
      prune()
      const job = run(state).finally(() => running.delete(job))
      running.add(job)
      return state
    },
    list: () => [...states.values()].reverse(),
    async idle() {
      while (running.size) await Promise.all([...running])
    },
  }
}
