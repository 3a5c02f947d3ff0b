'use client'
/** Checkout calls of the payments page (orders, quotes, VAT invoices, the sandbox transfer); bodies camelized. */
import { useMemo } from 'react'
import { createHttpClient, HttpError } from '@/lib/http/client'
import type { ApiEnvelope } from '@/lib/api/types'
import { useStudioApi } from '@/lib/studio/api'

export type PaymentMethod = 'VIETQR' | 'VNPAY' | 'MOMO'
export type OrderStatus = 'PENDING' | 'PAID' | 'CANCELLED' | 'EXPIRED' | 'FAILED' | 'REFUNDED'

export interface Quote {
  packageCode: string
  packageName: string
  type: string
  cycle: string | null
  kind: string
  credits: number
  price: number
  discount: number
  discountSource: 'voucher' | 'first_paid_order' | null
  voucherCode: string | null
  subtotal: number
  vatPercent: number
  vat: number
  total: number
  planChange: 'same_level' | 'upgrade' | 'downgrade' | null
  currentPackageCode: string | null
  currentExpiresAt: string | null
}

export interface Invoice {
  companyName: string
  taxCode: string
  address: string
  email: string
  requestedAt: string
}

export interface CheckoutOrder {
  id: string
  code: string
  packageCode: string
  type: string
  status: OrderStatus
  paymentMethod: PaymentMethod | null
  price: number
  discount: number
  subtotal: number
  vatPercent: number
  vat: number
  total: number
  voucherCode: string | null
  memo: string | null
  planChange: string | null
  credits: number | null
  payBy: string | null
  paidAt: string | null
  expiresAt: string | null
  createdAt: string
  invoice: Invoice | null
}

export interface PaymentInstructions {
  method: PaymentMethod
  sandbox: boolean
  qrPayload?: string
  memo?: string
  bank?: { bin: string; accountNumber: string; accountName: string; bankName: string }
  payUrl?: string
}

export type OrderWithPayment = CheckoutOrder & { payment: PaymentInstructions | null }

/** A payment method checkout offers (a method with incomplete settings is not listed). */
export interface OfferedMethod {
  method: PaymentMethod
  sandbox: boolean
}

const V1 = '/api/v1'

export const createCheckoutApi = (apiUrl: string, getToken: () => Promise<string | undefined>) => {
  const http = createHttpClient(apiUrl)
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: object): Promise<T> => {
    const token = await getToken()
    if (!token) throw new HttpError('Unauthorized', 401, { errorCode: 'UNAUTHORIZED' })
    const answer = await http.request<ApiEnvelope<T>>(method, `${V1}${path}`, {
      token,
      ...(body ? { body } : {}),
    })
    return answer.result as T
  }
  const order = (code: string) => `/orders/${encodeURIComponent(code)}`
  return {
    quote: (packageCode: string, voucherCode?: string) =>
      call<Quote>('POST', '/orders/quote', { packageCode, ...(voucherCode ? { voucherCode } : {}) }),
    create: (input: {
      packageCode: string
      voucherCode?: string
      paymentMethod: PaymentMethod
      locale: string
    }) =>
      call<{ order: CheckoutOrder; payment: PaymentInstructions | null }>('POST', '/orders', {
        packageCode: input.packageCode,
        paymentMethod: input.paymentMethod,
        locale: input.locale === 'en' ? 'en' : 'vi',
        ...(input.voucherCode ? { voucherCode: input.voucherCode } : {}),
      }),
    methods: async () => (await call<{ items: OfferedMethod[] }>('GET', '/payments/methods')).items,
    order: (code: string) => call<OrderWithPayment>('GET', order(code)),
    orders: () => call<{ total: number; items: CheckoutOrder[] }>('GET', '/orders', undefined),
    cancel: (code: string) => call<CheckoutOrder>('POST', `${order(code)}/cancel`),
    invoice: (code: string, invoice: Omit<Invoice, 'requestedAt'>) =>
      call<CheckoutOrder>('PUT', `${order(code)}/invoice`, invoice),
    simulateTransfer: (orderCode: string) =>
      call<{ webhookStatus: number }>('POST', '/payments/sandbox/bank-transfer', { orderCode }),
  }
}

export type CheckoutApi = ReturnType<typeof createCheckoutApi>

export const useCheckoutApi = (): CheckoutApi => {
  const studio = useStudioApi()
  return useMemo(() => createCheckoutApi(studio.apiUrl, studio.getToken), [studio])
}
