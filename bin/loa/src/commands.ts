/**
 * The `loa` commands by name, each loaded on demand. A static table (not a directory listing) so that the
 * prebuilt backend `npm start` runs (bin/loa/build.mjs) bundles every command; commands.test.ts checks it
 * names every file of `src/commands/`.
 */
export interface Command {
  summary: string
  run: (args: string[]) => Promise<number | void>
}

export const COMMANDS: Record<string, () => Promise<Command>> = {
  audiobook: () => import('./commands/audiobook.ts'),
  dub: () => import('./commands/dub.ts'),
  flags: () => import('./commands/flags.ts'),
  migrate: () => import('./commands/migrate.ts'),
  normalize: () => import('./commands/normalize.ts'),
  seed: () => import('./commands/seed.ts'),
  serve: () => import('./commands/serve.ts'),
  speak: () => import('./commands/speak.ts'),
  sso: () => import('./commands/sso.ts'),
  voices: () => import('./commands/voices.ts'),
  worker: () => import('./commands/worker.ts'),
}
