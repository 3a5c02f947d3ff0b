import { JobError, JobErrorCode } from './errors.ts'
import type { AnyJobDefinition, AnyJobSpec, BackoffOptions, EnqueueOptions } from './types.ts'

export const DEFAULT_RETRIES = 3
export const DEFAULT_BACKOFF: BackoffOptions = { type: 'exponential', delayMs: 1_000 }
/** Longest backoff between attempts. */
export const MAX_BACKOFF_MS = 60 * 60 * 1_000

/** Job ids work on every adapter: no `:` (BullMQ keys), not only digits, at most 200 characters. */
const JOB_ID = /^(?!\d+$)[A-Za-z0-9][A-Za-z0-9_.@-]{0,199}$/
const JOB_NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/

export const isHandlerDefinition = (d: AnyJobSpec | AnyJobDefinition): d is AnyJobDefinition =>
  typeof (d as AnyJobDefinition).handler === 'function'

export const maxAttemptsOf = (spec: AnyJobSpec): number => (spec.retries ?? DEFAULT_RETRIES) + 1

/** Delay before attempt `attempt + 1`, after `attempt` failed attempts. */
export const backoffDelay = (spec: AnyJobSpec, attempt: number): number => {
  const { type, delayMs } = spec.backoff ?? DEFAULT_BACKOFF
  const delay = type === 'fixed' ? delayMs : delayMs * 2 ** Math.max(0, attempt - 1)
  return Math.min(delay, MAX_BACKOFF_MS)
}

/** Known specs and handlers of one queue. */
export class JobRegistry {
  private readonly specs = new Map<string, AnyJobSpec>()
  private readonly handlers = new Map<string, AnyJobDefinition>()

  register(definitions: readonly (AnyJobSpec | AnyJobDefinition)[]): void {
    for (const d of definitions) {
      if (!JOB_NAME.test(d.name))
        throw new JobError(JobErrorCode.JOB_UNKNOWN, `invalid job name '${d.name}' (use dotted.kebab-case)`)
      if (!Number.isInteger(d.version) || d.version < 1)
        throw new JobError(JobErrorCode.JOB_UNKNOWN, `job '${d.name}': version must be an integer >= 1`)
      const existing = this.handlers.get(d.name)
      if (existing && isHandlerDefinition(d) && existing !== d)
        throw new JobError(JobErrorCode.JOB_UNKNOWN, `job '${d.name}' has two handlers`)
      this.specs.set(d.name, d)
      if (isHandlerDefinition(d)) this.handlers.set(d.name, d)
    }
  }

  spec(name: string): AnyJobSpec | undefined {
    return this.handlers.get(name) ?? this.specs.get(name)
  }

  handler(name: string): AnyJobDefinition | undefined {
    return this.handlers.get(name)
  }

  handlerNames(): string[] {
    return [...this.handlers.keys()]
  }

  /** Resolves the spec and validates payload and options; returns the parsed payload. */
  prepare(
    nameOrSpec: string | AnyJobSpec,
    payload: unknown,
    options: EnqueueOptions,
  ): { spec: AnyJobSpec; payload: unknown } {
    if (typeof nameOrSpec !== 'string') this.register([nameOrSpec])
    const name = typeof nameOrSpec === 'string' ? nameOrSpec : nameOrSpec.name
    const spec = this.spec(name)
    if (!spec) throw new JobError(JobErrorCode.JOB_UNKNOWN, `unknown job '${name}' (register its spec first)`)
    if (options.jobId !== undefined && !JOB_ID.test(options.jobId))
      throw new JobError(
        JobErrorCode.JOB_ID_INVALID,
        `invalid job id '${options.jobId}': letters, digits, _ . @ - only, not only digits, at most 200 characters`,
      )
    if (options.delayMs !== undefined && !(Number.isFinite(options.delayMs) && options.delayMs >= 0))
      throw new JobError(JobErrorCode.JOB_OPTIONS_INVALID, 'delayMs must be a non-negative number')
    if (
      options.priority !== undefined &&
      !(Number.isInteger(options.priority) && options.priority >= 0 && options.priority <= 1000)
    )
      throw new JobError(JobErrorCode.JOB_OPTIONS_INVALID, 'priority must be an integer from 0 to 1000')
    const parsed = spec.schema.safeParse(payload)
    if (!parsed.success)
      throw new JobError(
        JobErrorCode.JOB_PAYLOAD_INVALID,
        `invalid payload for job '${name}': ${parsed.error.issues.map((i: { path: PropertyKey[]; message: string }) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ')}`,
        parsed.error.issues,
      )
    return { spec, payload: parsed.data }
  }
}
