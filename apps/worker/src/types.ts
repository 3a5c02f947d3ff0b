import type { Database } from '@loa/db'
import type { AnyJobDefinition, JobLogger, Queue } from '@loa/jobs'
import type { Storage } from '@loa/storage'
import type { WorkerConfig } from './config.ts'

/** What job handlers get: the shared database, storage and queue of the process. */
export interface WorkerDeps {
  config: WorkerConfig
  database: Database
  storage: Storage
  queue: Queue
  logger?: JobLogger
}

/** A module of job handlers: builds its definitions from the process's dependencies. */
export type JobHandlerFactory = (deps: WorkerDeps) => AnyJobDefinition[]
