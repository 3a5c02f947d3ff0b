import type { FastifyPluginAsync } from 'fastify'
import { runPaymentsSweep } from '../../payments/sweep.ts'
import { paymentNotificationRoutes } from './notifications.ts'
import { paymentSandboxRoutes } from './sandbox.ts'

/**
 * Payments: gateway notifications, the embedded sandbox, and the scheduled sweep (expire unpaid orders, make
 * renewal orders and reminders, lapse expired credits) every PAYMENT_SWEEP_INTERVAL_MS while the api runs.
 */
export const paymentRoutes: FastifyPluginAsync = async (app) => {
  await app.register(paymentNotificationRoutes)
  await app.register(paymentSandboxRoutes)
  const { db, ledger, config } = app.ctx
  const every = config.payments.sweepIntervalMs
  if (!every) return
  let timer: NodeJS.Timeout | undefined
  let running = false
  const sweep = async () => {
    if (running) return
    running = true
    try {
      const result = await runPaymentsSweep(db, ledger, config.payments)
      if (result.expiredOrders || result.renewals || result.expiredWallets)
        app.log.info(result, 'payments sweep')
    } catch (error) {
      app.log.error({ err: error }, 'payments sweep failed')
    } finally {
      running = false
    }
  }
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), every)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
