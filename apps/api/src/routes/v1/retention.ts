import { retainUntilFrom, sweepExpiredAudio } from '@loa/synthesis'
import type { FastifyPluginAsync } from 'fastify'
import type { ApiConfig } from '../../config.ts'
import { runPeriodically } from '../../lib/periodic.ts'

/** Batches one run of the sweep may take when it keeps finding full ones. */
const BATCHES_PER_RUN = 5

/**
 * `retain_until` of a developer API request created now (both API shapes and the stream; studio requests keep
 * null): API_AUDIO_RETENTION_DAYS from now, or null when that is 0 (kept).
 */
export const retainUntilFor = (config: ApiConfig, now = new Date()): Date | null =>
  config.synthesis.apiAudioRetentionDays > 0
    ? retainUntilFrom(now, config.synthesis.apiAudioRetentionDays)
    : null

/**
 * The audio retention sweep, every API_AUDIO_RETENTION_SWEEP_MS while the api runs — the way the payments
 * sweep runs (a timer in each api process, not a queue job): it works the same on either queue adapter and
 * in `loa serve api`, and it is idempotent and bounded per run, so replicas may overlap. A full batch runs
 * again at once (up to BATCHES_PER_RUN per tick). docs/decisions.md.
 */
export const retentionSweep: FastifyPluginAsync = async (app) => {
  const { db, storage, config } = app.ctx
  if (!storage) return
  runPeriodically(app, 'audio retention sweep', config.synthesis.retentionSweepMs, async () => {
    for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
      const result = await sweepExpiredAudio({ database: { db }, storage })
      if (result.deleted || result.failed.length) app.log.info(result, 'audio retention sweep')
      if (!result.more) break
    }
  })
}
