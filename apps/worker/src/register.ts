import type { AnyJobDefinition } from '@loa/jobs'
import { createVoiceProviderSource } from '@loa/synthesis'
import { JOB_HANDLERS } from './handlers/index.ts'
import type { WorkerDeps } from './types.ts'

/**
 * Builds every handler of the registry with the process's dependencies and registers them on the queue
 * (the caller then runs `queue.start(...)`). Returns the definitions registered.
 */
export const registerJobHandlers = (deps: WorkerDeps): AnyJobDefinition[] => {
  // Render jobs speak provider voices too: this process talks to the same providers as the API — the file's at
  // once, those added on the /admin Voices screen from the table, re-read every VOICE_PROVIDERS_REFRESH_MS for as
  // long as the process lives (the timer does not hold it open).
  const log = (message: string, error: unknown) => deps.logger?.warn({ err: error }, message)
  const providers = createVoiceProviderSource({
    db: deps.database.db,
    file: deps.config.voiceProviders,
    keyOf: deps.config.screenProviders.keyOf,
    refreshMs: deps.config.screenProviders.refreshMs,
    log,
  })
  providers.refresh().catch((error: unknown) => log('voice providers: first read failed', error))
  providers.start()
  const definitions = JOB_HANDLERS.flatMap((factory) => factory(deps))
  deps.queue.register(definitions)
  deps.logger?.info({ jobs: definitions.map((d) => d.name) }, 'job handlers registered')
  return definitions
}
