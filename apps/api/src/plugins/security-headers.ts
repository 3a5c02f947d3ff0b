import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import Fastify, { type FastifyInstance } from 'fastify'

/**
 * The headers `@fastify/helmet` sends with these options, asked of it once: it builds Helmet's middleware again on
 * every request (the CSP directives parsed each time), a tenth of a signed-in `GET /me`'s CPU (issue 34). The
 * options are fixed, so the headers are too.
 */
export const securityHeadersOf = async (options: FastifyHelmetOptions): Promise<[string, string][]> => {
  const plain = Fastify()
  const probe = Fastify()
  await probe.register(helmet, options)
  for (const app of [plain, probe]) app.get('/', async () => '')
  const [without, withHelmet] = await Promise.all([plain.inject('/'), probe.inject('/')])
  await Promise.all([plain.close(), probe.close()])
  return Object.entries(withHelmet.headers).flatMap(([name, value]) =>
    name in without.headers || typeof value !== 'string' ? [] : [[name, value] as [string, string]],
  )
}

/**
 * Helmet's headers on every answer, set where Helmet sets them (the raw response, at onRequest), so a hijacked
 * answer (event streams) carries them too and a route may still replace one (the payment sandboxes' CSP).
 */
export const sendSecurityHeaders = async (
  app: FastifyInstance,
  options: FastifyHelmetOptions,
): Promise<void> => {
  const headers = await securityHeadersOf(options)
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value)
    done()
  })
}
