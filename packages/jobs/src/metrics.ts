import { Counter, Gauge, Histogram } from 'prom-client'
import type { QueueStats } from './types.ts'

/** One finished attempt of a job: how long it ran and how it ended. */
export const jobDuration = new Histogram({
  name: 'loa_job_duration_seconds',
  help: 'Job attempts by job name and outcome (completed, failed), in seconds',
  labelNames: ['job', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
})

export const jobFailures = new Counter({
  name: 'loa_job_failures_total',
  help: 'Failed job attempts by job name; final = no attempts left (or unrecoverable)',
  labelNames: ['job', 'final'] as const,
})

export const jobTakeovers = new Counter({
  name: 'loa_job_takeovers_total',
  help: 'Jobs claimed from a worker that stopped renewing its lease (killed or stalled)',
  labelNames: ['job'] as const,
})

const queueDepth = new Gauge({
  name: 'loa_queue_jobs',
  help: 'Jobs in the queue by state (waiting includes delayed), read at scrape time',
  labelNames: ['state'] as const,
})

const queueAge = new Gauge({
  name: 'loa_queue_oldest_waiting_seconds',
  help: 'Age of the oldest job that is due and still waiting (0 when none): no worker is taking jobs when it grows',
})

/** Sets the queue gauges from one `Queue.stats()` reading (call it from a `/metrics` collector). */
export const recordQueueStats = (stats: QueueStats): void => {
  for (const [state, count] of Object.entries(stats.counts)) queueDepth.set({ state }, count)
  queueAge.set(stats.oldestWaitingSeconds)
}
