import { AppError, type ProviderErrorCode } from '@loa/contracts'
import { isTtsError } from '@loa/tts'

/** HTTP status of each provider code: the provider is away or busy (503), or refused Loa's key or request (502). */
const STATUS: Record<ProviderErrorCode, number> = {
  PROVIDER_UNAVAILABLE: 503,
  PROVIDER_RATE_LIMITED: 503,
  PROVIDER_AUTH_FAILED: 502,
  PROVIDER_REJECTED: 502,
}

/** A provider voice's failure as the API answers it (undefined for any other error). */
export const providerAppError = (error: unknown): AppError | undefined =>
  isTtsError(error) && error.code in STATUS
    ? new AppError(error.code, error.message, STATUS[error.code as ProviderErrorCode])
    : undefined
