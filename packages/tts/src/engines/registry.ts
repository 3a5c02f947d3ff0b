/** Engine registry: engines are loaded lazily (dynamic import) and created once per thread. */
import { TtsError } from '../errors.ts'
import type { EnginePreference } from '../options.ts'
import type { EngineId } from '../voices.ts'
import type { EngineFactoryOptions, SpeechEngine } from './types.ts'

type Factory = (options: EngineFactoryOptions) => Promise<SpeechEngine>

const FACTORIES: Record<EngineId, () => Promise<Factory>> = {
  'espeak-native': async () => (await import('./espeak-native.ts')).createEngine,
  'espeak-wasm': async () => (await import('./espeak-wasm.ts')).createEngine,
  piper: async () => (await import('./piper.ts')).createEngine,
}

const engines = new Map<string, Promise<SpeechEngine>>()

const load = (id: EngineId, options: EngineFactoryOptions): Promise<SpeechEngine> => {
  const key = `${id}:${options.espeakPath ?? ''}:${options.phonemizer ?? ''}`
  let engine = engines.get(key)
  if (!engine) {
    engine = FACTORIES[id]().then((factory) => factory(options))
    engine.catch(() => engines.delete(key))
    engines.set(key, engine)
  }
  return engine
}

/** Resolves a preference to an engine: `auto` = native espeak-ng when installed, else the WASM build. */
export const getEngine = async (
  preference: EnginePreference,
  options: EngineFactoryOptions = {},
): Promise<SpeechEngine> => {
  if (preference !== 'auto') return load(preference, options)
  try {
    return await load('espeak-native', options)
  } catch (error) {
    if (error instanceof TtsError && error.code === 'TTS_ENGINE_UNAVAILABLE')
      return load('espeak-wasm', options)
    throw error
  }
}

export const closeEngines = async (): Promise<void> => {
  const all = [...engines.values()]
  engines.clear()
  await Promise.all(all.map(async (e) => (await e.catch(() => undefined))?.close()))
}
