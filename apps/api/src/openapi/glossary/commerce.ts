import type { GlossaryEntry } from '../example.ts'
import { TIME_EXAMPLE } from './common.ts'

const ORDER_CODE = 'LOA7K2M9QXD'

/** Orders, quotes, payments and the gateways' calls. */
export const COMMERCE: Record<string, GlossaryEntry> = {
  order: { description: 'The order just created (PENDING)' },
  'orders:id': { description: 'The order’s id (UUID)', example: '0c5e8a71-93d4-4b2f-a8e6-1f7b3c9d2e40' },
  'orders:code': {
    description: 'The order code (`LOA` + 8 characters): the transfer memo and VNPay’s reference',
    example: ORDER_CODE,
  },
  'payments:code': { description: 'The order code', example: ORDER_CODE },
  order_code: { description: 'The order code (`LOA` + 8 characters)', example: ORDER_CODE },
  package_code: {
    description: 'The package (a `code` of GET /api/v1/packages)',
    example: 'STUDIO-SPECIAL-MONTH-V3.1',
  },
  package_name: { description: 'The package’s name', example: 'Đặc biệt (tháng)' },
  usage_package: { description: 'Only orders of this package code', example: 'STUDIO-SPECIAL-MONTH-V3.1' },
  'orders:type': { description: 'Product line: STUDIO, API or DUBBING', example: 'STUDIO' },
  'orders:status': {
    description: 'PENDING (waiting for payment), PAID, CANCELLED, EXPIRED, FAILED or REFUNDED',
    example: 'PAID',
  },
  'orders.csv:status': { description: 'Only orders in this state', example: 'PAID' },
  'orders.csv:method': { description: 'Only orders paid this way: VIETQR or VNPAY', example: 'VIETQR' },
  'orders:q': {
    description: 'An order code or user id (exact), or part of a transfer memo',
    example: 'LOA7K2M9QXD',
  },
  'orders.csv:q': {
    description: 'An order code or user id (exact), or part of a transfer memo',
    example: 'LOA7K2M9QXD',
  },
  payment_method: { description: 'VIETQR (bank transfer) or VNPAY', example: 'VIETQR' },
  'orders:price': { description: 'The package’s price in VND', example: 199000 },
  discount: { description: 'Discount in VND (voucher or first paid order)', example: 19900 },
  discount_source: {
    description: 'Where the discount comes from: `voucher`, `first_paid_order` or null',
    example: 'voucher',
  },
  subtotal: { description: 'price − discount, in VND: what VAT is charged on', example: 179100 },
  vat_percent: { description: 'VAT rate in percent', example: 10 },
  vat: { description: 'VAT in VND', example: 17910 },
  'orders:total': { description: 'What the buyer pays in VND: subtotal + VAT', example: 197010 },
  'orders:amount': { description: 'Same as `total`: what the buyer pays in VND', example: 197010 },
  voucher_code: { description: 'The voucher applied (null: none)', example: 'LOA10' },
  memo: { description: 'What to write as the bank transfer’s memo (the order code)', example: ORDER_CODE },
  plan_change: {
    description: 'Against the current plan: same_level, upgrade or downgrade (null for a top-up)',
    example: 'upgrade',
  },
  'orders:credits': { description: 'Characters (dubbing: seconds) granted when paid', example: 250000 },
  pay_by: {
    description:
      'A PENDING order still unpaid at this time becomes EXPIRED (PAYMENT_ORDER_TTL_MINUTES after creation)',
    example: '2026-11-23T09:00:00.000Z',
  },
  paid_at: { description: 'When it was paid (null: not paid)', example: '2026-11-23T08:03:12.000Z' },
  'orders:expires_at': {
    description: 'When the credits it granted expire (null: not paid, or no end)',
    example: '2026-12-23T08:03:12.000Z',
  },
  closed_at: {
    description: 'When it was cancelled, expired, failed or refunded (null: not closed)',
    example: null,
  },
  renewal_of: {
    description: 'The paid order this one renews (auto-renew packages; null otherwise)',
    example: null,
  },
  in_use: { description: 'Whether this paid order’s package is the account’s current one', example: true },
  invoice: { description: 'The VAT invoice request (null: none asked for)' },
  company_name: { description: 'The buyer company’s name', example: 'Công ty TNHH Truyền thông Sao Mai' },
  tax_code: { description: 'Vietnamese tax code: 10 digits, or 10-3 for a branch', example: '0312345678' },
  address: {
    description: 'The company’s registered address',
    example: '12 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
  },
  'orders:email': { description: 'Where the invoice is sent', example: 'ketoan@saomai.vn' },
  requested_at: { description: 'When the invoice was asked for', example: TIME_EXAMPLE },
  'orders:locale': { description: 'Language of the payment page (VNPay): vi or en', example: 'vi' },
  'orders:kind': {
    description: 'AUTO_RENEW (a plan, renewed) or PREPAID (a one-off top-up)',
    example: 'PREPAID',
  },
  current_package_code: { description: 'Your current package of that product (null: none)', example: null },
  current_expires_at: { description: 'When your current package ends (null: none or no end)', example: null },
  // How to pay
  payment: { description: 'How to pay (null: nothing to pay)' },
  'orders:method': { description: 'VIETQR (bank transfer by QR) or VNPAY (redirect)', example: 'VIETQR' },
  sandbox: { description: 'Whether the payment goes to a test gateway (no real money)', example: false },
  qr_payload: {
    description: 'VietQR: the EMVCo text to draw as a QR code (bank, account, amount and memo)',
    example: '00020101021238570010A000000727012700069704360113…53037045406197010620130809LOA7K2M9QXD6304A1B2',
  },
  bank: { description: 'VietQR: the account to transfer to' },
  bin: { description: 'The bank’s BIN (NAPAS id)', example: '970436' },
  account_number: { description: 'The account number', example: '0071001234567' },
  account_name: { description: 'The account holder', example: 'CONG TY TNHH LOA' },
  bank_name: { description: 'The bank', example: 'Vietcombank' },
  pay_url: {
    description: 'VNPay: the payment page to send the buyer to',
    example:
      'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html?vnp_Amount=19701000&vnp_TxnRef=LOA7K2M9QXD&…',
  },
  // Gateways
  RspCode: {
    description:
      'VNPay’s answer code: 00 confirmed, 01 order not found, 02 already confirmed, 04 wrong amount, 97 bad signature, 99 other',
    example: '00',
  },
  Message: { description: 'VNPay’s answer message', example: 'Confirm Success' },
  success: { description: 'Always true: the notification was received', example: true },
  webhook_status: { description: 'HTTP status the bank webhook answered', example: 200 },
  webhook: { description: 'The bank webhook’s answer body', example: { success: true } },
  // User vouchers
  'vouchers:title': {
    description: 'The voucher’s title (Vietnamese; customers’ lists answer it in the asked language)',
    example: 'Giảm 10% mọi gói Studio',
  },
  'vouchers:description': {
    description: 'What it gives (Vietnamese; customers’ lists answer it in the asked language)',
    example: 'Áp dụng cho tất cả gói Studio tháng và năm.',
  },
  'public-vouchers:title': {
    description: 'The voucher’s title in the asked language',
    example: 'Giảm 10% mọi gói Studio',
  },
  'public-vouchers:description': {
    description: 'What it gives, in the asked language',
    example: 'Áp dụng cho tất cả gói Studio tháng và năm.',
  },
}
