import http from 'node:http'
import https from 'node:https'
import { vetCallbackUrl, CallbackTargetError } from '@loa/synthesis'
import { DubbingError } from '../errors.ts'

export const SUBTITLE_URL_MAX_BYTES = 5 * 1024 * 1024

/**
 * Downloads a subtitle file for the developer API with the callbacks' SSRF rules: http(s) only, no
 * credentials, every resolved address public (or an allow-listed host), connecting to the vetted address
 * only, no redirects, a size and time limit. Failures are `CallbackTargetError` (bad or forbidden URL) or
 * DUBBING_SUBTITLE_URL_FAILED.
 */
export const fetchSubtitleUrl = async (
  raw: string,
  allowHosts: readonly string[],
  { timeoutMs = 10_000, maxBytes = SUBTITLE_URL_MAX_BYTES } = {},
): Promise<Uint8Array> => {
  const target = await vetCallbackUrl(raw, { allowHosts })
  const client = target.url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const failed = (why: string) =>
      reject(new DubbingError('DUBBING_SUBTITLE_URL_FAILED', `cannot download the subtitles: ${why}`))
    const request = client.get(
      target.url,
      {
        lookup: (_host, _options, callback) =>
          callback(null, [{ address: target.address, family: target.family }]),
        headers: { 'user-agent': 'Loa-Dubbing/1' },
        timeout: timeoutMs,
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume()
          return failed(`HTTP ${response.statusCode}`)
        }
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > maxBytes) {
            request.destroy()
            failed(`larger than ${maxBytes} bytes`)
          } else chunks.push(chunk)
        })
        response.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
        response.on('error', (e) => failed(e.message))
      },
    )
    request.on('timeout', () => request.destroy(new Error('timed out')))
    request.on('error', (e) => failed(e.message))
  })
}

export { CallbackTargetError }
