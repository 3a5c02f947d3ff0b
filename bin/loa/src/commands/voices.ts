import { listVoices } from '@loa/tts'

export const summary = 'list the voices (code, name, region, gender); --json for all fields'

export const run = async (args: string[]): Promise<number> => {
  const json = args.includes('--json')
  const unknown = args.filter((a) => a !== '--json')
  if (unknown.length > 0) {
    console.error(`loa voices: unknown option '${unknown[0]}'\nusage: loa voices [--json]`)
    return 2
  }
  const voices = listVoices()
  if (json) {
    console.log(JSON.stringify(voices, null, 2))
    return 0
  }
  const rows = [
    ['CODE', 'NAME', 'REGION', 'GENDER'],
    ...voices.map((v) => [v.code, v.name, v.region, v.gender]),
  ]
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  for (const r of rows) console.log(r.map((c, i) => (i < r.length - 1 ? c.padEnd(widths[i]!) : c)).join('  '))
  return 0
}
