import {
  getVoicesDir,
  installVoice,
  listVoices,
  removeVoice,
  VoiceInstallError,
  voiceEngine,
  voiceProblems,
} from '@loa/tts'
import { loadCliConfig } from '../config.ts'
import { writeVoiceSample } from '../voice-sample.ts'

export const summary =
  'list the voices (--json for all fields); voices install NAME|URL, voices remove NAME (neural voices)'

const usage = `usage: loa voices [--json]
       loa voices install NAME|URL [--base-url URL]   a Piper voice, e.g. vi_VN-vais1000-medium
       loa voices remove NAME`

const list = (args: string[]): number => {
  const json = args.includes('--json')
  const unknown = args.filter((a) => a !== '--json')
  if (unknown.length > 0) {
    console.error(`loa voices: unknown option '${unknown[0]}'\n${usage}`)
    return 2
  }
  const voices = listVoices()
  if (json) {
    console.log(JSON.stringify(voices, null, 2))
    return 0
  }
  const rows = [
    ['CODE', 'NAME', 'REGION', 'GENDER', 'ENGINE'],
    ...voices.map((v) => [v.code, v.name, v.region, v.gender, voiceEngine(v)]),
  ]
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  for (const r of rows) console.log(r.map((c, i) => (i < r.length - 1 ? c.padEnd(widths[i]!) : c)).join('  '))
  for (const v of voices) if (v.attribution) console.log(`${v.code}: ${v.attribution}`)
  for (const p of voiceProblems()) console.error(`skipped ${p.name} in ${getVoicesDir()}: ${p.problem}`)
  return 0
}

const install = async (args: string[]): Promise<number> => {
  const at = args.indexOf('--base-url')
  const baseUrl = at >= 0 ? args[at + 1] : loadCliConfig().piperVoicesUrl
  const rest = at >= 0 ? args.filter((_, i) => i !== at && i !== at + 1) : args
  if (rest.length !== 1 || (at >= 0 && !baseUrl)) {
    console.error(usage)
    return 2
  }
  const dir = getVoicesDir()
  const installed = await installVoice(rest[0]!, {
    dir,
    ...(baseUrl ? { baseUrl } : {}),
    log: (line) => console.error(line),
  })
  console.error(
    `installed ${installed.name} (${installed.bytes} bytes, ${installed.verified ? 'size and MD5 checked' : 'no checksum to check'}) in ${dir}`,
  )
  const sample = await writeVoiceSample(installed.name, dir)
  console.error(sample ? `sample: ${sample}` : `no sample: the voice did not speak`)
  return 0
}

export const run = async (args: string[]): Promise<number> => {
  const [sub, ...rest] = args
  try {
    if (sub === 'install') return await install(rest)
    if (sub === 'remove') {
      if (rest.length !== 1) {
        console.error(usage)
        return 2
      }
      await removeVoice(rest[0]!, getVoicesDir())
      console.error(`removed ${rest[0]} from ${getVoicesDir()}`)
      return 0
    }
  } catch (error) {
    if (error instanceof VoiceInstallError) {
      console.error(`loa voices: ${error.code}: ${error.message}`)
      return 1
    }
    throw error
  }
  return list(args)
}
