import type { AnyJobDefinition } from '@loa/jobs'
import { voiceRegistry } from '@loa/synthesis'
import { JOB_HANDLERS } from './handlers/index.ts'
import type { WorkerDeps } from './types.ts'

/**
 * Builds every handler of the registry with the process's dependencies and registers them on the queue
 * (the caller then runs `queue.start(...)`). Returns the definitions registered.
 */
export const registerJobHandlers = (deps: WorkerDeps): AnyJobDefinition[] => {
  // Render jobs speak provider voices too: this process talks to the same providers as the API.
  voiceRegistry.configureProviders(deps.config.voiceProviders)
  const definitions = JOB_HANDLERS.flatMap((factory) => factory(deps))
  deps.queue.register(definitions)
  deps.logger?.info({ jobs: definitions.map((d) => d.name) }, 'job handlers registered')
  return definitions
}
