import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  checkMediaCoversCues,
  dubSubtitles,
  encodeTrack,
  fitReportCsv,
  isDubbingError,
  mixWithOriginal,
  muxVideo,
  parseSubtitles,
  probeMedia,
  speakerName,
  speechText,
  foreignLines,
  writeSrt,
  writeVtt,
  type FitReport,
  type FitReportLine,
  type MediaInfo,
  type SpeakerVoices,
} from '@loa/dubbing'
import { closeSharedPool, DEFAULT_VOICE_CODE, findVoice, isTtsError } from '@loa/tts'

export const summary =
  'dub subtitles: loa dub SUBTITLES [--media FILE] [--speaker NAME=VOICE]... -o OUT.mp3|OUT.wav|OUT.mp4'

const usage = `usage: loa dub SUBTITLES [options] -o OUT.mp3|OUT.wav|OUT.mp4
  SUBTITLES              an SRT, WebVTT or ASS file
  -o, --output FILE      the dub: .mp3 or .wav (the track; mixed over --media's audio when given), .mp4 (--media's
                         video with the mixed audio; needs ffmpeg)
      --media FILE       the source video or audio (mp4, mov, mkv, webm, mp3, wav, m4a; needs ffmpeg)
  -v, --voice VOICE      voice of lines without a speaker (default ${DEFAULT_VOICE_CODE}; see 'loa voices')
      --speaker NAME=VOICE[@SPEED]   voice (and speed) of one speaker of the file; repeatable
  -s, --speed SPEED      speed of every line without its own (default 1)
      --duck DB          level of the original audio under the dub (default -15)
      --mute-original    drop the original audio from the mix
      --srt FILE         subtitles timed to the dub (SRT; plain words, 2 lines of 42 characters, 1-7 s per cue);
                         --vtt FILE for WebVTT; --keep-speakers puts "Name: " in front of each line
      --report FILE      per-line fit report: JSON, or CSV when FILE ends in .csv
      --strict           fail (exit 2) when a line is in a language its voice cannot read (else a warning)
      --allow-overrun    export even when a line cannot fit: it is cut at its limit (accepted-overrun);
                         without it such lines are listed, nothing but the report is written, exit code 3
  -h, --help             this help

Lines too long for their cue are sped up (engine, then time-stretch, at most 1.5x), run into the silence
after the cue, then move the next lines later (at most 1.5 s, each reported with its shift). Speech is never
cut unless --allow-overrun. Exit codes: 0 done, 1 failure, 2 bad input or usage, 3 unresolved lines.`

class UsageError extends Error {}

interface Parsed {
  subtitles: string
  output: string
  media?: string
  voice: string
  speed: number
  speakers: SpeakerVoices
  duckDb: number
  muteOriginal: boolean
  srt?: string
  vtt?: string
  report?: string
  allowOverrun: boolean
  strict?: boolean
  keepSpeakers?: boolean
  help?: boolean
}

const number = (flag: string, value: string): number => {
  const n = Number(value)
  if (value.trim() === '' || !Number.isFinite(n)) throw new UsageError(`${flag} needs a number`)
  return n
}

const knownVoice = (code: string): string => {
  if (!findVoice(code)) throw new UsageError(`unknown voice '${code}' (see 'loa voices')`)
  return code
}

const parse = (args: string[]): Parsed => {
  const files: string[] = []
  const p: Partial<Parsed> & { speakers: SpeakerVoices } = {
    speakers: {},
    duckDb: -15,
    muteOriginal: false,
    allowOverrun: false,
  }
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    const value = (): string => {
      const v = args[++i]
      if (v === undefined) throw new UsageError(`${arg} needs a value`)
      return v
    }
    if (arg === '-h' || arg === '--help') return { help: true } as Parsed
    if (arg === '-o' || arg === '--output') p.output = value()
    else if (arg === '--allow-overrun') p.allowOverrun = true
    else if (arg === '--strict') p.strict = true
    else if (arg === '--keep-speakers') p.keepSpeakers = true
    else if (arg === '--media') p.media = value()
    else if (arg === '-v' || arg === '--voice') p.voice = knownVoice(value())
    else if (arg === '-s' || arg === '--speed') p.speed = number(arg, value())
    else if (arg === '--duck') p.duckDb = number(arg, value())
    else if (arg === '--mute-original') p.muteOriginal = true
    else if (arg === '--srt') p.srt = value()
    else if (arg === '--vtt') p.vtt = value()
    else if (arg === '--report') p.report = value()
    else if (arg === '--speaker') {
      const m = /^(.+?)=([^@]+)(?:@(.+))?$/.exec(value())
      if (!m) throw new UsageError('--speaker takes NAME=VOICE or NAME=VOICE@SPEED')
      p.speakers[m[1]!.trim()] = {
        voice: knownVoice(m[2]!.trim()),
        ...(m[3] ? { speed: number('--speaker', m[3]) } : {}),
      }
    } else if (arg.startsWith('-') && arg.length > 1) throw new UsageError(`unknown option '${arg}'`)
    else files.push(arg)
  }
  if (files.length !== 1) throw new UsageError('give one subtitle file')
  if (!p.output) throw new UsageError('-o OUT.mp3|OUT.wav|OUT.mp4 is required')
  if (!/\.(mp3|wav|mp4)$/i.test(p.output)) throw new UsageError('-o must end in .mp3, .wav or .mp4')
  if (/\.mp4$/i.test(p.output) && !p.media) throw new UsageError('an .mp4 output needs --media VIDEO')
  return { voice: DEFAULT_VOICE_CODE, speed: 1, ...p, subtitles: files[0]!, output: p.output } as Parsed
}

const writeReport = async (file: string | undefined, report: FitReport): Promise<void> => {
  if (file)
    await writeFile(
      file,
      /\.csv$/i.test(file) ? fitReportCsv(report) : `${JSON.stringify(report, null, 2)}\n`,
    )
}

/** The subtitle file being read, for error messages. */
const current = { file: '' }

const dub = async (args: string[]): Promise<number> => {
  const o = parse(args)
  if (o.help) {
    console.log(usage)
    return 0
  }
  current.file = o.subtitles
  let bytes: Buffer
  try {
    bytes = await readFile(o.subtitles)
  } catch (error) {
    console.error(`loa dub: cannot read '${o.subtitles}': ${(error as NodeJS.ErrnoException).code ?? error}`)
    return 2
  }
  const parsed = parseSubtitles(bytes, { speakers: Object.keys(o.speakers) })
  for (const n of parsed.notices)
    console.error(
      `loa dub: ${o.subtitles}:${n.line}:${n.cue !== undefined ? ` cue ${n.cue}:` : ''} ${n.message} (${n.code})`,
    )
  const named = new Set(parsed.cues.flatMap((c) => (c.speaker ? [c.speaker] : [])))
  for (const name of Object.keys(o.speakers))
    if (!named.has(speakerName(name)))
      throw Object.assign(
        new UsageError(
          `no speaker '${name}' in the subtitles (speakers: ${[...named].join(', ') || 'none'})`,
        ),
        {
          code: 'DUBBING_UNKNOWN_SPEAKER',
        },
      )
  const voiceOf = new Map(Object.entries(o.speakers).map(([k, v]) => [speakerName(k), v.voice]))
  const foreign = foreignLines(
    parsed.cues,
    (l) => findVoice((l.speaker && voiceOf.get(l.speaker)) || o.voice)?.languageCode ?? 'vi-VN',
    speechText,
  )
  for (const f of foreign)
    console.error(`loa dub: ${o.subtitles}:${f.line}: cue ${f.cue}: ${f.message} (DUBBING_FOREIGN_TEXT)`)
  if (o.strict && foreign.length > 0) {
    console.error(`loa dub: ${foreign.length} line(s) in another language (--strict): nothing dubbed`)
    return 2
  }
  let media: MediaInfo | undefined
  if (o.media) {
    media = await probeMedia(o.media)
    checkMediaCoversCues(media, Math.max(...parsed.cues.map((c) => c.endMs)))
    if (/\.mp4$/i.test(o.output) && !media.hasVideo)
      throw new UsageError(`'${o.media}' has no video to put in an .mp4`)
  }
  const started = Date.now()
  const result = await dubSubtitles(parsed.cues, {
    voice: o.voice,
    speed: o.speed,
    speakers: o.speakers,
    mediaMs: media?.durationMs,
    allowOverrun: o.allowOverrun,
    keepSpeakers: o.keepSpeakers,
    onProgress: (done, total) => {
      if (process.stderr.isTTY) process.stderr.write(`\rloa dub: ${done}/${total} lines`)
    },
  })
  if (process.stderr.isTTY) process.stderr.write('\n')
  const where = (l: FitReportLine): string =>
    l.file_line !== undefined ? `${o.subtitles}:${l.file_line}: cue ${l.cue}` : `line ${l.index}`
  for (const l of result.report.lines.filter((l) => l.action === 'retime'))
    console.error(`loa dub: ${where(l)}: moved ${l.shift_ms} ms later to make room for the line before`)
  const unresolved = result.report.lines.filter((l) => l.action === 'unresolved')
  for (const l of result.report.lines.filter(
    (l) => l.action === 'unresolved' || l.action === 'accepted-overrun',
  ))
    console.error(
      `loa dub: ${where(l)}: ${l.action === 'unresolved' ? 'does not fit' : 'cut (accepted overrun)'}: ` +
        `too long by ${l.overflow_ms} ms even at the highest speed; shorten by about ${l.shorten_by_chars} characters`,
    )
  if (unresolved.length > 0) {
    await writeReport(o.report, result.report)
    console.error(
      `loa dub: ${unresolved.length} line(s) cannot fit without cutting speech: nothing exported. ` +
        'Shorten them, or give --allow-overrun to cut them at their limit.',
    )
    return 3
  }
  const format = /\.wav$/i.test(o.output) ? 'wav' : 'mp3'
  if (!o.media)
    await writeFile(o.output, await encodeTrack(result.track.pcm, result.track.sampleRate, format))
  else {
    const dir = await mkdtemp(path.join(tmpdir(), 'loa-dub-'))
    try {
      const dubPath = path.join(dir, 'dub.wav')
      await writeFile(dubPath, await encodeTrack(result.track.pcm, result.track.sampleRate, 'wav'))
      const video = /\.mp4$/i.test(o.output)
      const mixPath = video ? path.join(dir, 'mix.wav') : o.output
      await mixWithOriginal({
        mediaPath: o.media,
        media: media!,
        dubPath,
        outPath: mixPath,
        format: video ? 'wav' : format,
        speech: result.adjusted,
        duckDb: o.duckDb,
        muteOriginal: o.muteOriginal,
      })
      if (video) await muxVideo({ videoPath: o.media, audioPath: mixPath, outPath: o.output })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }
  if (o.srt) await writeFile(o.srt, writeSrt(result.subtitles))
  if (o.vtt) await writeFile(o.vtt, writeVtt(result.subtitles))
  await writeReport(o.report, result.report)
  const s = result.report.summary
  console.error(
    `loa dub: wrote ${o.output} (${(result.track.durationMs / 1000).toFixed(1)} s, ${s.lines} lines, ` +
      `${s.fitted} fitted, ${s.retimed} retimed, ${s.accepted_overrun} cut (accepted), ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s)`,
  )
  return 0
}

export const run = async (args: string[]): Promise<number> => {
  try {
    return await dub(args)
  } catch (error) {
    if (error instanceof UsageError) {
      const code = (error as { code?: string }).code
      console.error(`loa dub: ${error.message}${code ? ` (${code})` : `\n${usage}`}`)
      return 2
    }
    if (isDubbingError(error)) {
      const file = error.line !== undefined ? `${current.file}: ` : ''
      console.error(`loa dub: ${file}${error.message} (${error.code})`)
      return error.code === 'DUBBING_FFMPEG_MISSING' ? 1 : 2
    }
    if (isTtsError(error)) {
      console.error(`loa dub: ${error.message} (${error.code})`)
      return error.code === 'TTS_UNKNOWN_VOICE' || error.code === 'TTS_INVALID_OPTION' ? 2 : 1
    }
    throw error
  } finally {
    await closeSharedPool()
  }
}
