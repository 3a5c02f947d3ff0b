/**
 * Payment set-ups that cannot half-work (issue 28). Each method is, at start-up, exactly one of:
 * - `real`: every required setting is present — the gateway or account is used;
 * - `sandbox`: none of its settings is present — the embedded, labelled sandbox;
 * - `off`: some but not all are present — the method is not offered at all, and one PAYMENT_CONFIG_INCOMPLETE line
 *   names what is missing (printed at start-up, shown on the /admin dashboard). Never a fake account in a real
 *   set-up.
 */
export const PAYMENT_METHODS = ['VIETQR', 'VNPAY', 'MOMO'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
export type MethodMode = 'real' | 'sandbox' | 'off'

export const PAYMENT_CONFIG_INCOMPLETE = 'PAYMENT_CONFIG_INCOMPLETE'

interface MethodSettings {
  /** Every setting of the method: any one present means the operator meant a real set-up. */
  settings: readonly string[]
  /** What a real set-up needs: each group is satisfied by any one of its settings. */
  required: readonly (readonly string[])[]
}

export const METHOD_SETTINGS: Record<PaymentMethod, MethodSettings> = {
  VIETQR: {
    settings: [
      'BANK_ACCOUNT_BIN',
      'BANK_ACCOUNT_NUMBER',
      'BANK_ACCOUNT_NAME',
      'BANK_ACCOUNT_BANK_NAME',
      'PAYMENT_WEBHOOK_KEY',
      'CASSO_CHECKSUM_KEY',
    ],
    // The account the buyer transfers to, its holder's name (the buyer checks it), and one way to learn that
    // the transfer arrived (SePay key or Casso key).
    required: [
      ['BANK_ACCOUNT_BIN'],
      ['BANK_ACCOUNT_NUMBER'],
      ['BANK_ACCOUNT_NAME'],
      ['PAYMENT_WEBHOOK_KEY', 'CASSO_CHECKSUM_KEY'],
    ],
  },
  VNPAY: {
    settings: ['VNPAY_TMN_CODE', 'VNPAY_HASH_SECRET', 'VNPAY_URL'],
    required: [['VNPAY_TMN_CODE'], ['VNPAY_HASH_SECRET']],
  },
  MOMO: {
    settings: ['MOMO_PARTNER_CODE', 'MOMO_ACCESS_KEY', 'MOMO_SECRET_KEY', 'MOMO_ENDPOINT'],
    // The endpoint too: a production set-up that forgot it must not silently use MoMo's test host.
    required: [['MOMO_PARTNER_CODE'], ['MOMO_ACCESS_KEY'], ['MOMO_SECRET_KEY'], ['MOMO_ENDPOINT']],
  },
}

export interface MethodStatus {
  method: PaymentMethod
  mode: MethodMode
  /** Required settings not given (a group as "A or B"); empty unless `off`. */
  missing: string[]
}

const present = (env: Record<string, unknown>, name: string) =>
  env[name] !== undefined && env[name] !== null && env[name] !== ''

/** The mode of one method from the parsed environment. */
export const methodStatus = (method: PaymentMethod, env: Record<string, unknown>): MethodStatus => {
  const { settings, required } = METHOD_SETTINGS[method]
  if (!settings.some((s) => present(env, s))) return { method, mode: 'sandbox', missing: [] }
  const missing = required.filter((group) => !group.some((s) => present(env, s))).map((g) => g.join(' or '))
  return { method, mode: missing.length ? 'off' : 'real', missing }
}

/** The one line printed for an incomplete method (and shown on /admin). */
export const incompleteLine = (status: MethodStatus): string =>
  `${PAYMENT_CONFIG_INCOMPLETE}: ${status.method} is not offered — missing ${status.missing.join(', ')} ` +
  `(set them, or remove every ${status.method} setting for the labelled sandbox)`
