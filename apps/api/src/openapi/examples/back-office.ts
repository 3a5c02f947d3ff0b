import { PAID_ORDER, voice } from './commerce.ts'
import type { HandExample } from './types.ts'

const USER_ID = '7d1c9e02-5b8a-4f3e-9c61-2a4b8d0e6f13'
/** Who bought an order, as the back-office lists it. */
const BUYER = { user_id: USER_ID, user_email: 'lan@example.vn', user_name: 'Nguyễn Thị Lan' }
/** The audit trail keeps a write's row before and after, as the API shows it. */
const THU_HA = voice(
  'hn_female_thuha_news',
  'Thu Hà',
  'FEMALE',
  ['NEWS', 'ADVERTISE'],
  'Giọng nữ miền Bắc, đọc tin tức rõ ràng, chuẩn mực.',
  1,
)
const OPERATOR = { actor_id: 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d', actor_email: 'ops@loa.vn' }

/** A transfer SePay reported whose memo names no pending order: waiting for an operator to match it. */
const UNMATCHED_EVENT = {
  id: '9f1b3d5e-7a9c-4b1d-8f3a-5c7e9b1d3f5a',
  provider: 'sepay',
  provider_txn_id: '92704',
  order_id: null,
  order_code: null,
  amount: 197010,
  outcome: 'UNMATCHED',
  payload: {
    id: 92704,
    gateway: 'Vietcombank',
    transactionDate: '2026-11-23 15:03:12',
    accountNumber: '0071001234567',
    code: null,
    content: 'NGUYEN VAN AN CHUYEN TIEN LOA7K2M9Q',
    transferType: 'in',
    transferAmount: 197010,
    referenceCode: 'FT26327123456',
  },
  resolved_at: null,
  created_at: '2026-11-23T08:03:14.000Z',
}

/** The same transfer once its memo named the order: the order is paid by it. */
const PAID_EVENT = {
  ...UNMATCHED_EVENT,
  order_id: PAID_ORDER.id,
  order_code: PAID_ORDER.code,
  outcome: 'PAID',
  payload: { ...UNMATCHED_EVENT.payload, content: 'NGUYEN VAN AN CHUYEN TIEN LOA7K2M9QXD' },
}

/** The back office's pages whose items their routes type loosely: one realistic row each. */
export const BACK_OFFICE_EXAMPLES: Record<string, HandExample> = {
  'GET /api/v1/admin/orders': {
    response: { total: 1, items: [{ ...PAID_ORDER, in_use: false, ...BUYER }] },
  },
  'GET /api/v1/admin/payments/events': { response: { total: 1, items: [UNMATCHED_EVENT] } },
  'GET /api/v1/admin/orders/{code}': {
    response: { order: { ...PAID_ORDER, in_use: false, ...BUYER }, events: [PAID_EVENT], audit: [] },
  },
  'GET /api/v1/admin/users/{id}/entries': {
    response: {
      total: 1,
      items: [
        {
          id: '2f8d4b6a-1c3e-4a5b-9d7f-0e2a4c6b8d1f',
          seq: 1842,
          user_id: USER_ID,
          product: 'aivoice',
          kind: 'GRANT',
          amount: 250000,
          delta: 250000,
          balance_after: 482000,
          reason: `order ${PAID_ORDER.code}: ${PAID_ORDER.package_code}`,
          reference: `order:${PAID_ORDER.code}`,
          reservation_id: null,
          idempotency_key: `order:${PAID_ORDER.id}`,
          actor: null,
          created_at: '2026-11-23T08:03:12.000Z',
        },
      ],
    },
  },
  'GET /api/v1/admin/users': {
    response: {
      total: 1,
      items: [
        {
          id: USER_ID,
          email: 'khach.hang@example.vn',
          name: 'Nguyễn Văn An',
          created_at: '2026-10-02T03:15:00.000Z',
          last_seen_at: '2026-11-23T08:00:00.000Z',
          locked_at: null,
        },
      ],
    },
  },
  'GET /api/v1/admin/support/tickets': {
    response: {
      total: 1,
      items: [
        {
          id: '4e6a8c0e-2b4d-4f6a-8c0e-2b4d6f8a0c2e',
          code: 'LOA-4E6A8C0E',
          email: 'khach.hang@example.vn',
          name: 'Nguyễn Văn An',
          category: 'PAYMENT',
          subject: 'Chưa nhận được ký tự sau khi chuyển khoản',
          content: 'Tôi đã chuyển khoản đơn LOA7K2M9QXD lúc 9 giờ sáng nhưng số dư chưa tăng.',
          status: 'OPEN',
          attachments: [],
          created_at: '2026-11-23T08:20:00.000Z',
          user_id: USER_ID,
        },
      ],
    },
  },
  'GET /api/v1/admin/support/contacts': {
    response: {
      total: 1,
      items: [
        {
          id: 311,
          name: 'Trần Thị Bình',
          email: 'binh.tran@saomai.vn',
          phone_number: '0912 345 678',
          purpose: 'Báo giá doanh nghiệp',
          content: 'Công ty tôi cần 2 triệu ký tự mỗi tháng.',
          status: 'NEW',
          created_at: '2026-11-23T07:45:00.000Z',
          updated_at: '2026-11-23T07:45:00.000Z',
        },
      ],
    },
  },
  'GET /api/v1/admin/audit': {
    response: {
      total: 1,
      items: [
        {
          id: 311,
          ...OPERATOR,
          action: 'voice.update',
          target_type: 'voice',
          target_id: 'hn_female_thuha_news',
          before: THU_HA,
          after: { ...THU_HA, rank: 2 },
          reason: null,
          ip: '113.161.12.34',
          created_at: '2026-11-23T09:12:40.000Z',
        },
      ],
    },
  },
}
