import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export interface LockInfo {
  pid: number
  command: string
  startedAt: string
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `the database in ${path.join(dataDir, 'db')} is in use by process ${holder.pid} ('${holder.command}', ` +
        `since ${holder.startedAt}). PGlite allows one process at a time: stop that process first (Ctrl-C), ` +
        `or run this command against PostgreSQL (DATABASE_URL).`,
    )
    this.name = 'DataDirBusyError'
  }
}

const lockFile = (dataDir: string) => path.join(dataDir, 'loa.pid')

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The live process holding the data directory, if any (a stale lock of a dead process does not count). */
export const readLock = (dataDir: string): LockInfo | undefined => {
  try {
    const info = JSON.parse(readFileSync(lockFile(dataDir), 'utf8')) as LockInfo
    return Number.isInteger(info.pid) && info.pid !== process.pid && isAlive(info.pid) ? info : undefined
  } catch {
    return undefined
  }
}

/**
 * Claims `$DATA_DIR` for this process (`$DATA_DIR/loa.pid`), so that a second `loa serve`, `loa migrate`,
 * `loa seed` or standalone server refuses with a clear message instead of opening the same PGlite directory
 * twice. `command` names this process in that message ('loa serve all'). Returns the release function.
 */
export const acquireDataDirLock = (dataDir: string, command: string): (() => void) => {
  mkdirSync(dataDir, { recursive: true })
  const file = lockFile(dataDir)
  const info: LockInfo = { pid: process.pid, command, startedAt: new Date().toISOString() }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(info), { flag: 'wx' })
      let released = false
      return () => {
        if (released) return
        released = true
        rmSync(file, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = readLock(dataDir)
      if (holder) throw new DataDirBusyError(dataDir, holder)
      rmSync(file, { force: true }) // stale: its process is gone
    }
  }
  throw new Error(`could not lock ${dataDir}`)
}
