import { Transform, type TransformCallback } from 'node:stream'
import { StorageError, StorageErrorCode } from './errors.ts'

/** Passes bytes through and fails with FILE_TOO_LARGE past `maxBytes`. */
export const byteLimit = (maxBytes: number): Transform & { bytes: () => number } => {
  let seen = 0
  const transform = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      seen += chunk.length
      if (seen > maxBytes)
        callback(
          new StorageError(StorageErrorCode.FILE_TOO_LARGE, `the file is larger than ${maxBytes} bytes`),
        )
      else callback(null, chunk)
    },
  })
  return Object.assign(transform, { bytes: () => seen })
}
