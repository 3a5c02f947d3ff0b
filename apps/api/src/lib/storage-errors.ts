import { AppError } from '@loa/contracts'
import { StorageError } from '@loa/storage'

/** Runs a storage call, turning its typed errors into the API's error shape (never a 500 for bad keys). */
export const viaStorage = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call()
  } catch (error) {
    if (error instanceof StorageError) throw new AppError(error.code, error.message, error.httpStatus)
    throw error
  }
}
