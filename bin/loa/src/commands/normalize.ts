import { createInterface } from 'node:readline'
import { normalize, type Region } from '@loa/tts'

export const summary = 'normalize Vietnamese text: one line in on stdin, one spoken line out'

const usage = 'usage: loa normalize [--region NORTH|CENTRAL|SOUTH] < input.txt'

export const run = async (args: string[]): Promise<number> => {
  let region: Region | undefined
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === '--region' || arg === '-r') {
      const value = args[++i]?.toUpperCase()
      if (value !== 'NORTH' && value !== 'CENTRAL' && value !== 'SOUTH') {
        console.error(`loa normalize: --region must be NORTH, CENTRAL or SOUTH\n${usage}`)
        return 2
      }
      region = value
    } else {
      console.error(`loa normalize: unknown option '${arg}'\n${usage}`)
      return 2
    }
  }
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity })
  for await (const line of lines) {
    const out = line.trim() === '' ? '' : normalize(line, region ? { region } : {}).text
    process.stdout.write(`${out.replace(/\n+/g, ' ')}\n`)
  }
  return 0
}
