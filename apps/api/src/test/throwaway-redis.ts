import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, connect } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

/** A free loopback port (redis-server's `--port 0` means "no TCP", so the port is picked here). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.write('PING\r\n')
      socket.once('data', (data) => {
        socket.destroy()
        resolve(data.toString().startsWith('+PONG'))
      })
    })
    socket.once('error', () => resolve(false))
  })

/**
 * A private redis-server on a free loopback port, never the machine's shared one: tests that stop Redis stop only
 * this. `stop()` kills it (SIGKILL, as a crash); `start()` brings it back on the same port, empty.
 */
export const throwawayRedis = async () => {
  const port = await freePort()
  let child: ChildProcess | undefined
  const start = async () => {
    // Already running: a second server on the same port would fail to bind while this one answered for it.
    if (child && child.exitCode === null) return
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    )
    child = started
    const deadline = Date.now() + 10_000
    while (!(await answers(port))) {
      if (started.exitCode !== null) throw new Error(`redis-server exited (${started.exitCode})`)
      if (Date.now() > deadline) throw new Error('redis-server did not answer within 10 s')
      await sleep(50)
    }
  }
  const stop = async () => {
    const running = child
    child = undefined
    if (!running || running.exitCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGKILL')
    await exited
  }
  await start()
  return { url: `redis://127.0.0.1:${port}`, start, stop }
}
