import type { FastifyInstance } from 'fastify'

/**
 * Runs `work` every `everyMs` while the app is up (from `onReady` to `onClose`; 0 = never), one run at a
 * time: a tick that finds the previous run still going is skipped. A failed run is logged as `<name> failed`;
 * the timer never keeps the process alive. For the scheduled sweeps the api runs itself (payments, audio
 * retention): idempotent work, so several replicas may run it at once.
 */
export const runPeriodically = (
  app: FastifyInstance,
  name: string,
  everyMs: number,
  work: () => Promise<void>,
): void => {
  if (!everyMs) return
  let timer: NodeJS.Timeout | undefined
  let running = false
  const tick = async () => {
    if (running) return
    running = true
    try {
      await work()
    } catch (error) {
      app.log.error({ err: error }, `${name} failed`)
    } finally {
      running = false
    }
  }
  app.addHook('onReady', async () => {
    timer = setInterval(() => void tick(), everyMs)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
