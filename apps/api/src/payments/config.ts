import { DEFAULT_VAT_PERCENT, VNPAY_SANDBOX_URL, type MomoCredentials } from '@loa/payments'
import { httpUrl } from '@loa/service-kit'
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import {
  incompleteLine,
  methodStatus,
  PAYMENT_METHODS,
  type MethodStatus,
  type PaymentMethod,
} from './methods.ts'

const percent = (fallback: number) => z.coerce.number().int().min(0).max(100).default(fallback)
const secret = () => z.string().min(8, 'must be at least 8 characters').optional()

/** Payment variables (docs/config.md "Payments"), spread into the api's config schema. */
export const paymentEnvFields = {
  PAYMENT_VAT_PERCENT: percent(DEFAULT_VAT_PERCENT),
  /** Percent off the first paid order while the `discount-for-first-paid-user` flag is on. */
  PAYMENT_FIRST_ORDER_DISCOUNT_PERCENT: percent(20),
  /** Minutes a new order waits for its payment before it expires. */
  PAYMENT_ORDER_TTL_MINUTES: z.coerce.number().int().min(5).max(10_080).default(60),
  /** Days before an AUTO_RENEW package lapses when the renewal order and reminder mail are made. */
  PAYMENT_RENEWAL_NOTICE_DAYS: z.coerce.number().int().min(1).max(30).default(3),
  /** How often the payments sweep runs (expire orders, renewals, credit expiry); 0 turns it off. */
  PAYMENT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  FLAGS_PUBLIC_URL: httpUrl().optional(),
  /** The flags service the api asks for `discount-for-first-paid-user` / `new-rule-get-best-voucher`. */
  PAYMENT_FLAGS_URL: httpUrl().optional(),
  PAYMENT_FLAGS_CLIENT_KEY: z.string().min(1).default('sdk-loa-web'),
  VNPAY_TMN_CODE: z.string().min(1).max(16).optional(),
  VNPAY_HASH_SECRET: secret(),
  VNPAY_URL: httpUrl().optional(),
  /** The account buyers transfer to: bank BIN (6 digits), account number, holder, bank name. */
  BANK_ACCOUNT_BIN: z
    .string()
    .regex(/^\d{6}$/, 'must be a 6-digit bank BIN')
    .optional(),
  BANK_ACCOUNT_NUMBER: z
    .string()
    .regex(/^[0-9A-Za-z]{1,19}$/, 'must be 1–19 letters or digits')
    .optional(),
  BANK_ACCOUNT_NAME: z.string().max(100).optional(),
  BANK_ACCOUNT_BANK_NAME: z.string().max(100).optional(),
  /** SePay webhook API key (`Authorization: Apikey <key>`). */
  PAYMENT_WEBHOOK_KEY: secret(),
  /** Casso Webhook V2 checksum key (`X-Casso-Signature`). */
  CASSO_CHECKSUM_KEY: secret(),
  /** MoMo wallet (payment gateway v2): partner code, access key, secret key, and the gateway host. */
  MOMO_PARTNER_CODE: z.string().min(1).max(50).optional(),
  MOMO_ACCESS_KEY: z.string().min(1).max(100).optional(),
  MOMO_SECRET_KEY: secret(),
  /** `https://payment.momo.vn` (production) or `https://test-payment.momo.vn` (MoMo's test host). */
  MOMO_ENDPOINT: httpUrl().optional(),
}

type PaymentEnv = z.output<z.ZodObject<typeof paymentEnvFields>>

export interface PaymentsConfig {
  vatPercent: number
  firstOrderDiscountPercent: number
  orderTtlMinutes: number
  renewalNoticeDays: number
  sweepIntervalMs: number
  flags: { url: string; clientKey: string }
  /** Each method's mode (real, labelled sandbox, or not offered) — see methods.ts. */
  methods: Record<PaymentMethod, MethodStatus>
  /** One PAYMENT_CONFIG_INCOMPLETE line per method that is not offered; printed at start-up, shown on /admin. */
  warnings: string[]
  /** `sandbox` true: the api's own sandbox page is payUrl. Meaningless when VNPAY is `off`. */
  vnpay: { sandbox: boolean; tmnCode: string; hashSecret: string; payUrl: string }
  /** `sandbox` true: a clearly labelled demo account. Meaningless when VIETQR is `off` (never shown). */
  bank: { sandbox: boolean; bin: string; accountNumber: string; accountName: string; bankName: string }
  /** `sandbox` true: the api's own MoMo sandbox page stands in for MoMo (keys only this process knows). */
  momo: MomoCredentials & { sandbox: boolean }
  /** The SePay key (the sandbox's is one only this process knows) and Casso's, for a real VIETQR set-up. */
  webhook: { sandbox: boolean; apiKey: string; cassoKey?: string }
}

/** Sandbox secrets live only in this process: nothing outside can sign a sandbox notification. */
const processSecret = () => randomBytes(32).toString('hex')

export const paymentsFromEnv = (c: PaymentEnv, apiPublicUrl: string): PaymentsConfig => {
  const methods = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, methodStatus(m, c)])) as Record<
    PaymentMethod,
    MethodStatus
  >
  const vnpayReal = methods.VNPAY.mode === 'real'
  const bankReal = methods.VIETQR.mode === 'real'
  return {
    vatPercent: c.PAYMENT_VAT_PERCENT,
    firstOrderDiscountPercent: c.PAYMENT_FIRST_ORDER_DISCOUNT_PERCENT,
    orderTtlMinutes: c.PAYMENT_ORDER_TTL_MINUTES,
    renewalNoticeDays: c.PAYMENT_RENEWAL_NOTICE_DAYS,
    sweepIntervalMs: c.PAYMENT_SWEEP_INTERVAL_MS,
    flags: {
      url: c.PAYMENT_FLAGS_URL ?? c.FLAGS_PUBLIC_URL ?? 'http://localhost:4200',
      clientKey: c.PAYMENT_FLAGS_CLIENT_KEY,
    },
    methods,
    warnings: PAYMENT_METHODS.filter((m) => methods[m].mode === 'off').map((m) => incompleteLine(methods[m])),
    vnpay: vnpayReal
      ? {
          sandbox: false,
          tmnCode: c.VNPAY_TMN_CODE!,
          hashSecret: c.VNPAY_HASH_SECRET!,
          payUrl: c.VNPAY_URL ?? VNPAY_SANDBOX_URL,
        }
      : {
          sandbox: methods.VNPAY.mode === 'sandbox',
          tmnCode: 'LOASANDB',
          hashSecret: processSecret(),
          payUrl: `${apiPublicUrl}/api/v1/payments/sandbox/vnpay`,
        },
    bank: bankReal
      ? {
          sandbox: false,
          bin: c.BANK_ACCOUNT_BIN!,
          accountNumber: c.BANK_ACCOUNT_NUMBER!,
          accountName: c.BANK_ACCOUNT_NAME!,
          bankName: c.BANK_ACCOUNT_BANK_NAME ?? '',
        }
      : {
          sandbox: methods.VIETQR.mode === 'sandbox',
          bin: '970436',
          accountNumber: '0000000000',
          accountName: 'LOA SANDBOX',
          bankName: 'Sandbox',
        },
    momo:
      methods.MOMO.mode === 'real'
        ? {
            sandbox: false,
            partnerCode: c.MOMO_PARTNER_CODE!,
            accessKey: c.MOMO_ACCESS_KEY!,
            secretKey: c.MOMO_SECRET_KEY!,
            endpoint: c.MOMO_ENDPOINT!.replace(/\/+$/, ''),
          }
        : {
            sandbox: methods.MOMO.mode === 'sandbox',
            partnerCode: 'LOASANDBOX',
            accessKey: processSecret(),
            secretKey: processSecret(),
            endpoint: `${apiPublicUrl}/api/v1/payments/sandbox/momo`,
          },
    // Only a real set-up accepts outside notifications; otherwise the key is one only this process knows.
    webhook:
      bankReal && c.PAYMENT_WEBHOOK_KEY
        ? { sandbox: false, apiKey: c.PAYMENT_WEBHOOK_KEY, cassoKey: c.CASSO_CHECKSUM_KEY }
        : {
            sandbox: methods.VIETQR.mode === 'sandbox',
            apiKey: processSecret(),
            ...(bankReal ? { cassoKey: c.CASSO_CHECKSUM_KEY } : {}),
          },
  }
}
