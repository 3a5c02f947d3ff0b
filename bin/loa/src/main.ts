/**
 * `loa` CLI dispatcher. Each command lives in its own file `commands/<name>.ts` exporting
 * `run(args: string[]): Promise<number | void>` and `summary: string`. Exit code 2 = bad usage or input.
 */
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { setVoicesDir } from '@loa/tts'
import { loadCliConfig } from './config.ts'

export interface Command {
  summary: string
  run: (args: string[]) => Promise<number | void>
}

const commandsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'commands')

const listCommands = (): string[] =>
  readdirSync(commandsDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -3))
    .sort()

const usage = async (): Promise<string> => {
  const lines = ['usage: loa <command> [options]', '', 'commands:']
  for (const name of listCommands()) {
    const mod = (await import(path.join(commandsDir, `${name}.ts`))) as Partial<Command>
    if (mod.summary) lines.push(`  ${name.padEnd(12)} ${mod.summary}`)
  }
  return lines.join('\n')
}

const main = async (argv: string[]): Promise<number> => {
  const [name, ...args] = argv
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(await usage())
    return name ? 0 : 2
  }
  const file = path.join(commandsDir, `${name}.ts`)
  if (!/^[a-z][a-z-]*$/.test(name) || !existsSync(file)) {
    console.error(`loa: unknown command '${name}'\n\n${await usage()}`)
    return 2
  }
  // Every command sees the installed neural voices (`loa speak -v`, `loa serve`, `loa worker`).
  setVoicesDir(loadCliConfig().voicesDir)
  const mod = (await import(file)) as Command
  const code = await mod.run(args)
  return typeof code === 'number' ? code : 0
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(`loa: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  },
)
