/**
 * Error codes of the payments routes (append only; documented in docs/errors.md, translated by the web in
 * messages/checkout). The VOUCHER_* codes are @loa/payments' VoucherProblem values.
 */
export const PaymentErrorCode = {
  PACKAGE_NOT_PURCHASABLE: 'PACKAGE_NOT_PURCHASABLE',
  ORDER_NOT_FOUND: 'ORDER_NOT_FOUND',
  ORDER_NOT_PENDING: 'ORDER_NOT_PENDING',
  VOUCHER_NOT_FOUND: 'VOUCHER_NOT_FOUND',
  VOUCHER_INACTIVE: 'VOUCHER_INACTIVE',
  VOUCHER_NOT_STARTED: 'VOUCHER_NOT_STARTED',
  VOUCHER_EXPIRED: 'VOUCHER_EXPIRED',
  VOUCHER_MIN_ORDER: 'VOUCHER_MIN_ORDER',
  VOUCHER_PACKAGE_NOT_ELIGIBLE: 'VOUCHER_PACKAGE_NOT_ELIGIBLE',
  VOUCHER_AUDIENCE: 'VOUCHER_AUDIENCE',
  VOUCHER_USED_UP: 'VOUCHER_USED_UP',
  VOUCHER_USER_LIMIT: 'VOUCHER_USER_LIMIT',
  PAYMENT_SANDBOX_DISABLED: 'PAYMENT_SANDBOX_DISABLED',
  WEBHOOK_UNAUTHORIZED: 'WEBHOOK_UNAUTHORIZED',
  /** The method's settings are incomplete (PAYMENT_CONFIG_INCOMPLETE at start-up): it is not offered. */
  PAYMENT_METHOD_UNAVAILABLE: 'PAYMENT_METHOD_UNAVAILABLE',
  /** Only a bank-transfer (VietQR) order is marked paid by hand. */
  ORDER_NOT_BANK_TRANSFER: 'ORDER_NOT_BANK_TRANSFER',
  /** The bank transaction reference already paid an order (by hand or by webhook). */
  BANK_REFERENCE_USED: 'BANK_REFERENCE_USED',
  /** MoMo's create call failed or timed out (502); nothing was charged. */
  MOMO_UNAVAILABLE: 'MOMO_UNAVAILABLE',
} as const
