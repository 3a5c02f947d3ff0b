/**
 * SSE fan-out measurement: N subscribers on loopback, one admin change, time until every stream has the
 * new payload; RSS before/after. Bounded (ends itself).   npx tsx apps/flags/bench/sse-fanout.ts [N]
 */
import http from 'node:http'
import { startFlags } from '../src/testing/harness.ts'

const n = Number(process.argv[2] ?? 1000)
const flags = await startFlags()
const { port } = new URL(flags.url)
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })
const rss = () => Math.round(process.memoryUsage().rss / 1e6)
const rssBefore = rss()

let received = 0
let resolveAll: () => void = () => undefined
const all = new Promise<void>((r) => (resolveAll = r))
const requests: http.ClientRequest[] = []
const opened = await Promise.all(
  Array.from(
    { length: n },
    () =>
      new Promise<void>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/sub/sdk-loa-web', agent }, (res) => {
          let buffer = ''
          let seen = false
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => {
            buffer += chunk
            if (!seen && buffer.includes('"header-banner":{"defaultValue":true}')) {
              seen = true
              if (++received === n) resolveAll()
            }
            if (buffer.length > 1e6) buffer = buffer.slice(-1e5)
          })
          resolve()
        })
        req.on('error', reject)
        requests.push(req)
      }),
  ),
)
const rssOpen = rss()
const started = Date.now()
await flags.admin('PATCH', '/features/header-banner', { default_value: true })
const timeout = setTimeout(() => resolveAll(), 30_000)
await all
clearTimeout(timeout)
const ms = Date.now() - started
console.log(
  JSON.stringify({
    subscribers: opened.length,
    received,
    fanOutMs: ms,
    rssMbBefore: rssBefore,
    rssMbWithStreams: rssOpen,
  }),
)
for (const req of requests) req.destroy()
agent.destroy()
await flags.close()
