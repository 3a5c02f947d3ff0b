import { AppError } from '@loa/contracts'
import { StorageError, StorageErrorCode } from '@loa/storage'

/** Runs a storage call, turning its typed errors into the API's error shape (never a 500 for bad keys). */
export const viaStorage = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call()
  } catch (error) {
    // Storage down (S3 not answering): a coded 503 the client may retry, like QUEUE_UNAVAILABLE.
    if (error instanceof StorageError)
      throw new AppError(error.code, error.message, error.httpStatus, {
        ...(error.code === StorageErrorCode.STORAGE_UNAVAILABLE && { headers: { 'retry-after': '5' } }),
      })
    throw error
  }
}
