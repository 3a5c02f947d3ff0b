import { pino, type Logger } from 'pino'

/** Structured JSON logs (pino). One root logger per process; services take children. */
export const createLogger = (level: string, base: Record<string, unknown> = {}): Logger =>
  pino({ level, base: { pid: process.pid, ...base }, timestamp: pino.stdTimeFunctions.isoTime })
