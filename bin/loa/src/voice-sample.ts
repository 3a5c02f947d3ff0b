import { writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { closeSharedPool, installedVoices, isTtsError, synthesize } from '@loa/tts'

/** What a new voice says in its sample (the landing page and the picker play it). */
export const SAMPLE_SENTENCE =
  'Xin chào, tôi là giọng đọc tiếng Việt của Loa. Hôm nay là một ngày đẹp trời để nghe tin tức.'

/**
 * Speaks the sample sentence with the installed voice whose files are `name.*` into `name.sample.mp3` next
 * to them; returns its path, or undefined (with the reason on stderr) when the voice cannot speak.
 * `closePool: false` inside a running server, whose services share the tts worker pool.
 */
export const writeVoiceSample = async (
  name: string,
  dir: string,
  options: { closePool?: boolean } = {},
): Promise<string | undefined> => {
  const voice = installedVoices().find(
    (v) => v.engine.piper && basename(v.engine.piper.model) === `${name}.onnx`,
  )
  if (!voice) return undefined
  try {
    const result = await synthesize({
      text: SAMPLE_SENTENCE,
      voice: voice.code,
      format: 'mp3',
      bitrate: 64,
      cache: false,
    })
    const path = join(dir, `${name}.sample.mp3`)
    await writeFile(path, result.audio)
    return path
  } catch (error) {
    console.error(
      `${name}: ${isTtsError(error) ? `${error.code}: ` : ''}${error instanceof Error ? error.message : String(error)}`,
    )
    return undefined
  } finally {
    if (options.closePool !== false) await closeSharedPool()
  }
}
