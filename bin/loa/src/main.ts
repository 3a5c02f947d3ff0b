/**
 * `loa` CLI dispatcher. Each command lives in its own file `commands/<name>.ts` exporting
 * `run(args: string[]): Promise<number | void>` and `summary: string`, listed in `commands.ts`. Exit code 2 =
 * bad usage or input.
 */
import { configureVoiceProviders, setVoicesDir } from '@loa/tts'
import { COMMANDS } from './commands.ts'
import { loadCliConfig } from './config.ts'

const usage = async (): Promise<string> => {
  const lines = ['usage: loa <command> [options]', '', 'commands:']
  for (const name of Object.keys(COMMANDS).sort()) {
    const mod = await COMMANDS[name]!()
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
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined
  if (!load) {
    console.error(`loa: unknown command '${name}'\n\n${await usage()}`)
    return 2
  }
  // Every command sees the installed neural voices and the provider voices (`loa speak -v`, `loa voices`, `loa serve`).
  const config = loadCliConfig()
  setVoicesDir(config.voicesDir)
  configureVoiceProviders(config.voiceProviders)
  const mod = await load()
  const code = await mod.run(args)
  return typeof code === 'number' ? code : 0
}

// Held until the command settles: a command awaiting only unref'd handles (an idle tts worker terminating) would
// otherwise let the process end first, with exit code 0 whatever the command returned (`loa speak` with a broken
// voice model did so whenever stderr was a pipe).
const keepAlive = setInterval(() => undefined, 1 << 30)
main(process.argv.slice(2))
  .then(
    (code) => {
      process.exitCode = code
    },
    (error: unknown) => {
      console.error(`loa: ${error instanceof Error ? error.message : String(error)}`)
      process.exitCode = 1
    },
  )
  .finally(() => clearInterval(keepAlive))
