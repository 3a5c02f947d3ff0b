import { existsSync, readFileSync, rmSync } from 'node:fs'
import { STATE_FILE } from './global-setup.ts'

/** Stops the processes the global setup started (their whole process groups) and removes the test data. */
export default async function globalTeardown(): Promise<void> {
  if (!existsSync(STATE_FILE)) return
  const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as { pids: number[]; dataDir: string }
  for (const pid of state.pids) {
    try {
      process.kill(-pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + 10_000
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }
  while (state.pids.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200))
  for (const pid of state.pids.filter(alive)) process.kill(-pid, 'SIGKILL')
  rmSync(state.dataDir, { recursive: true, force: true })
  rmSync(STATE_FILE, { force: true })
}
