import { readFile, writeFile } from 'node:fs/promises'
import {
  closeSharedPool,
  DEFAULT_VOICE_CODE,
  isTtsError,
  synthesize,
  synthesizeStream,
  toSrt,
  toVtt,
  type AudioFormat,
  type EnginePreference,
  type SynthesisRequest,
} from '@loa/tts'

export const summary =
  'synthesize speech: loa speak [-v VOICE] [-s SPEED] [-f mp3|wav] [-o FILE] "text" | -i FILE'

const usage = `usage: loa speak [options] "text"   |   loa speak [options] -i FILE
  -v, --voice VOICE      voice code (default ${DEFAULT_VOICE_CODE}; see 'loa voices')
  -s, --speed SPEED      0.25–1.9 (default 1)
  -f, --format FORMAT    mp3 | wav (default: from -o's extension, else mp3)
  -b, --bitrate KBPS     MP3 bitrate 8–160 (default 128)
  -r, --sample-rate HZ   8000–48000 (default 22050)
  -o, --output FILE      write the audio to FILE (default: stdout, when it is not a terminal)
  -i, --input FILE       read the text from FILE
      --engine NAME      auto | espeak-native | espeak-wasm (default auto)
      --srt FILE         also write subtitles (SRT); --vtt FILE for WebVTT`

class UsageError extends Error {}

interface Parsed {
  request: Omit<SynthesisRequest, 'text'>
  text?: string
  input?: string
  output?: string
  srt?: string
  vtt?: string
}

const number = (flag: string, value: string | undefined): number => {
  const n = Number(value)
  if (value === undefined || value.trim() === '' || !Number.isFinite(n)) {
    throw new UsageError(`${flag} needs a number`)
  }
  return n
}

const parse = (args: string[]): Parsed => {
  const request: Parsed['request'] = { voice: DEFAULT_VOICE_CODE }
  const parsed: Parsed = { request }
  const words: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    const value = (): string => {
      const v = args[++i]
      if (v === undefined) throw new UsageError(`${arg} needs a value`)
      return v
    }
    switch (arg) {
      case '-v':
      case '--voice':
        request.voice = value()
        break
      case '-s':
      case '--speed':
        request.speed = number(arg, value())
        break
      case '-f':
      case '--format': {
        const f = value().toLowerCase()
        if (f !== 'mp3' && f !== 'wav') throw new UsageError(`${arg} must be mp3 or wav`)
        request.format = f as AudioFormat
        break
      }
      case '-b':
      case '--bitrate':
        request.bitrate = number(arg, value())
        break
      case '-r':
      case '--sample-rate':
        request.sampleRate = number(arg, value())
        break
      case '-o':
      case '--output':
        parsed.output = value()
        break
      case '-i':
      case '--input':
        parsed.input = value()
        break
      case '--engine':
        request.engine = value() as EnginePreference
        break
      case '--srt':
        parsed.srt = value()
        break
      case '--vtt':
        parsed.vtt = value()
        break
      case '--':
        words.push(...args.slice(i + 1))
        i = args.length
        break
      default:
        if (arg.startsWith('-') && arg.length > 1) throw new UsageError(`unknown option '${arg}'`)
        words.push(arg)
    }
  }
  if (parsed.input !== undefined && words.length > 0)
    throw new UsageError('give either "text" or -i FILE, not both')
  if (parsed.input === undefined && words.length === 0)
    throw new UsageError('no text: give "text" or -i FILE')
  if (words.length > 0) parsed.text = words.join(' ')
  if (!request.format && parsed.output?.toLowerCase().endsWith('.wav')) request.format = 'wav'
  return parsed
}

const BAD_INPUT = new Set(['TTS_EMPTY_TEXT', 'TTS_TEXT_TOO_LONG', 'TTS_UNKNOWN_VOICE', 'TTS_INVALID_OPTION'])

const speak = async (args: string[]): Promise<number> => {
  const parsed = parse(args)
  let text = parsed.text
  if (parsed.input !== undefined) {
    try {
      text = await readFile(parsed.input, 'utf8')
    } catch (error) {
      console.error(
        `loa speak: cannot read '${parsed.input}': ${(error as NodeJS.ErrnoException).code ?? error}`,
      )
      return 2
    }
  }
  const request: SynthesisRequest = { ...parsed.request, text: text ?? '' }
  const writeSubtitles = async (timeline: Parameters<typeof toSrt>[0]): Promise<void> => {
    if (parsed.srt) await writeFile(parsed.srt, toSrt(timeline))
    if (parsed.vtt) await writeFile(parsed.vtt, toVtt(timeline))
  }
  if (parsed.output === undefined) {
    if (process.stdout.isTTY) {
      console.error('loa speak: refusing to write audio to a terminal; use -o FILE or redirect stdout')
      return 2
    }
    const stream = synthesizeStream(request)
    for await (const chunk of stream) {
      if (!process.stdout.write(chunk)) await new Promise((r) => process.stdout.once('drain', r))
    }
    await writeSubtitles((await stream.summary).timeline)
    return 0
  }
  const result = await synthesize(request)
  await writeFile(parsed.output, result.audio)
  await writeSubtitles(result.timeline)
  const rate = result.format === 'mp3' ? `, ${result.bitrate} kbps` : ''
  console.error(
    `loa speak: wrote ${parsed.output} (${result.format}, ${(result.durationMs / 1000).toFixed(1)} s, ` +
      `${result.sampleRate} Hz${rate}, ${result.characters} characters, engine ${result.engine.id})`,
  )
  return 0
}

export const run = async (args: string[]): Promise<number> => {
  try {
    return await speak(args)
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`loa speak: ${error.message}\n${usage}`)
      return 2
    }
    if (isTtsError(error)) {
      console.error(`loa speak: ${error.message} (${error.code})`)
      return BAD_INPUT.has(error.code) ? 2 : 1
    }
    throw error
  } finally {
    await closeSharedPool()
  }
}
