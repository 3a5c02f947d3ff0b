/**
 * The local gateway sandbox page (no gateway settings): a clearly labelled stand-in for VNPay's or MoMo's pay page.
 */

const MOMO_TEXT = {
  vi: {
    title: 'Ví MoMo — môi trường thử (sandbox)',
    banner: 'SANDBOX: không có tiền thật. Trang này thay cho ví MoMo khi chưa cấu hình MOMO_PARTNER_CODE.',
    order: 'Đơn hàng',
    amount: 'Số tiền',
    pay: 'Thanh toán thành công',
    cancel: 'Hủy thanh toán',
    invalid: 'Chữ ký không hợp lệ: liên kết thanh toán đã bị sửa.',
  },
  en: {
    title: 'MoMo wallet — sandbox',
    banner: 'SANDBOX: no real money. This page stands in for MoMo while MOMO_PARTNER_CODE is not configured.',
    order: 'Order',
    amount: 'Amount',
    pay: 'Pay successfully',
    cancel: 'Cancel payment',
    invalid: 'Invalid signature: the payment link was altered.',
  },
} as const

const TEXT = {
  vi: {
    title: 'VNPay — môi trường thử (sandbox)',
    banner: 'SANDBOX: không có tiền thật. Trang này thay cho cổng VNPay khi chưa cấu hình VNPAY_TMN_CODE.',
    order: 'Đơn hàng',
    amount: 'Số tiền',
    pay: 'Thanh toán thành công',
    cancel: 'Hủy thanh toán',
    invalid: 'Chữ ký không hợp lệ: liên kết thanh toán đã bị sửa.',
  },
  en: {
    title: 'VNPay — sandbox',
    banner: 'SANDBOX: no real money. This page stands in for VNPay while VNPAY_TMN_CODE is not configured.',
    order: 'Order',
    amount: 'Amount',
    pay: 'Pay successfully',
    cancel: 'Cancel payment',
    invalid: 'Invalid signature: the payment link was altered.',
  },
} as const

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export const sandboxVnpayPage = (input: {
  locale: 'vi' | 'en'
  valid: boolean
  orderCode: string
  amountVnd: number
  query: string
  action: string
  gateway?: 'vnpay' | 'momo'
}): string => {
  const t = (input.gateway === 'momo' ? MOMO_TEXT : TEXT)[input.locale]
  const amount = new Intl.NumberFormat(input.locale === 'en' ? 'en-US' : 'vi-VN').format(input.amountVnd)
  const body = input.valid
    ? `<p>${t.order}: <strong data-testid="sandbox-order">${escape(input.orderCode)}</strong></p>
<p>${t.amount}: <strong>${amount} VND</strong></p>
<form method="post" action="${escape(input.action)}">
<input type="hidden" name="query" value="${escape(input.query)}">
<button name="result" value="pay" class="pay">${t.pay}</button>
<button name="result" value="cancel" class="cancel">${t.cancel}</button>
</form>`
    : `<p role="alert">${t.invalid}</p>`
  return `<!doctype html><html lang="${input.locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:480px;margin:0 auto;padding:16px;color:#1a1a1a}
.banner{background:#fff3cd;border:1px solid #e0b400;padding:12px;border-radius:8px;font-weight:600}
button{display:block;width:100%;padding:14px;margin:12px 0;border:0;border-radius:8px;font-size:16px;cursor:pointer}
.pay{background:${input.gateway === 'momo' ? '#a50064' : '#005baa'};color:#fff}.cancel{background:#eee}</style></head>
<body><p class="banner">${t.banner}</p><h1>${t.title}</h1>${body}</body></html>`
}
