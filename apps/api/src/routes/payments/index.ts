import type { FastifyPluginAsync } from 'fastify'
import { runPeriodically } from '../../lib/periodic.ts'
import { runPaymentsSweep } from '../../payments/sweep.ts'
import { paymentMethodRoutes } from './methods.ts'
import { momoRoutes } from './momo.ts'
import { paymentNotificationRoutes } from './notifications.ts'
import { paymentSandboxRoutes } from './sandbox.ts'
import { momoSandboxRoutes } from './sandbox-momo.ts'

/**
 * Payments: the methods offered, gateway notifications, the embedded sandbox, and the scheduled sweep (expire unpaid orders, make
 * renewal orders and reminders, lapse expired credits) every PAYMENT_SWEEP_INTERVAL_MS while the api runs.
 */
export const paymentRoutes: FastifyPluginAsync = async (app) => {
  await app.register(paymentNotificationRoutes)
  await app.register(paymentMethodRoutes)
  await app.register(momoRoutes)
  await app.register(momoSandboxRoutes)
  await app.register(paymentSandboxRoutes)
  const { db, ledger, config } = app.ctx
  // One line per method that is not offered (PAYMENT_CONFIG_INCOMPLETE): the operator sees it at start-up.
  for (const line of config.payments.warnings) app.log.warn({ code: 'PAYMENT_CONFIG_INCOMPLETE' }, line)
  runPeriodically(app, 'payments sweep', config.payments.sweepIntervalMs, async () => {
    const result = await runPaymentsSweep(db, ledger, config.payments)
    if (result.expiredOrders || result.renewals || result.expiredWallets || result.momoQueried)
      app.log.info(result, 'payments sweep')
  })
}
