import type { z } from 'zod'
import type { JobDefinition, JobSpec } from './types.ts'

/** Declares a job spec (what producers need) with its payload type inferred from the schema. */
export const defineJobSpec = <S extends z.ZodType>(spec: JobSpec<S>): JobSpec<S> => spec

/** Declares a runnable job (spec + idempotent handler). */
export const defineJob = <S extends z.ZodType, R>(definition: JobDefinition<S, R>): JobDefinition<S, R> =>
  definition
