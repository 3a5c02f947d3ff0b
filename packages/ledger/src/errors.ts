import { AppError } from '@loa/contracts'

/** Error codes of the ledger (the product API's catalogue lists them too: docs/errors.md). */
export const LedgerErrorCode = {
  INSUFFICIENT_CREDITS: 'INSUFFICIENT_CREDITS',
  RESERVATION_NOT_FOUND: 'RESERVATION_NOT_FOUND',
  RESERVATION_ALREADY_SETTLED: 'RESERVATION_ALREADY_SETTLED',
  INVALID_CREDIT_AMOUNT: 'INVALID_CREDIT_AMOUNT',
  INVALID_WALLET_PRODUCT: 'INVALID_WALLET_PRODUCT',
  CREDIT_ADJUSTMENT_TOO_LARGE: 'CREDIT_ADJUSTMENT_TOO_LARGE',
  USER_NOT_FOUND: 'NOT_FOUND',
} as const

const MAX_AMOUNT = 1_000_000_000_000

/** A positive safe integer (zero where allowed) no larger than a trillion credits. */
export const checkAmount = (amount: number, allowZero = false): void => {
  if (!Number.isSafeInteger(amount) || amount < (allowZero ? 0 : 1) || amount > MAX_AMOUNT)
    throw new AppError(LedgerErrorCode.INVALID_CREDIT_AMOUNT, 'Credit amount must be a positive integer', 400)
}

export const userNotFound = (): AppError =>
  new AppError(LedgerErrorCode.USER_NOT_FOUND, 'User not found', 404)
