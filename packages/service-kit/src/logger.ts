import { pino, type DestinationStream, type Logger } from 'pino'

/**
 * Structured JSON logs (pino). One root logger per process; services take children. `destination` replaces stdout
 * (tests read the lines a log shipper would).
 */
export const createLogger = (
  level: string,
  base: Record<string, unknown> = {},
  destination?: DestinationStream,
): Logger =>
  pino({ level, base: { pid: process.pid, ...base }, timestamp: pino.stdTimeFunctions.isoTime }, destination)
