import type { GlossaryEntry } from '../example.ts'

/** Support tickets and the back office (users, credits, orders, payment events, support, jobs, audit). */
export const OPERATIONS: Record<string, GlossaryEntry> = {
  // Support tickets (customers)
  'support-tickets:code': { description: 'Short code shown to the customer', example: 'LOA-4E6A8C0E' },
  'support-tickets:email': {
    description: 'Where the answer goes (signed in: your account’s e-mail when absent)',
    example: 'khach.hang@example.vn',
  },
  'support-tickets:name': {
    description: 'Your name (signed in: the profile’s when absent)',
    example: 'Nguyễn Văn An',
  },
  category: {
    description: 'FEEDBACK, SUGGEST_FEATURE, BUG, PAYMENT, ACCOUNT or OTHER',
    example: 'PAYMENT',
  },
  subject: {
    description: 'The subject (3–200 characters)',
    example: 'Chưa nhận được ký tự sau khi chuyển khoản',
  },
  'support-tickets:content': {
    description: 'What happened (10–10000 characters)',
    example: 'Tôi đã chuyển khoản đơn LOA7K2M9QXD lúc 9 giờ sáng nhưng số dư chưa tăng.',
  },
  'support-tickets:status': { description: 'OPEN, IN_PROGRESS, RESOLVED or CLOSED', example: 'OPEN' },
  attachments: {
    description: 'Up to 5 files: in a new ticket, the `key`s of files uploaded with the upload URL',
    example: [
      'support-tickets/u-N2QxYzllMDItNWI4YS00ZjNlLTljNjEtMmE0YjhkMGU2ZjEz/attachments/hoa-don-3f9a0c5e1b2d.png',
    ],
  },
  'attachments.key': {
    description: 'The file’s storage key',
    example:
      'support-tickets/u-N2QxYzllMDItNWI4YS00ZjNlLTljNjEtMmE0YjhkMGU2ZjEz/attachments/hoa-don-3f9a0c5e1b2d.png',
  },
  'attachments.url': {
    description: 'A signed, expiring link to it (null: storage unavailable)',
    example: null,
  },
  directory: {
    description: 'Folder of the upload (lowercase letters, digits, `-`, `_`)',
    example: 'attachments',
  },
  file_name: { description: 'Base of the file name (made safe; default `file`)', example: 'hoa-don' },
  non_suffix: {
    description: 'Keep the file name as given, without the random suffix (`true`/`1` or `false`/`0`)',
    example: 'false',
  },
  'support-tickets:url': {
    description: 'The upload URL: PUT the file there with `headers`, within `max_bytes`',
    example:
      'https://api.loa.vn/api/v1/files/support-tickets/u-N2QxYzllMDItNWI4YS00ZjNlLTljNjEtMmE0YjhkMGU2ZjEz/attachments/hoa-don-3f9a0c5e1b2d.png?op=put&exp=1795421700&ct=image%2Fpng&max=10485760&sig=Qw…',
  },
  'support-tickets:max_bytes': {
    description: 'Largest file the URL accepts (API_UPLOAD_MAX_BYTES, default 10 MiB)',
    example: 10485760,
  },
  'support-tickets:expires_in': {
    description: 'Seconds the upload URL stays valid (15 minutes)',
    example: 900,
  },
  'support-tickets:id': {
    description: 'The ticket’s id (UUID)',
    example: '4e6a8c0e-2b4d-4f6a-8c0e-2b4d6f8a0c2e',
  },
  // Back office: users and credits
  'users:id': {
    description: 'The user’s id (the SSO subject)',
    example: '7d1c9e02-5b8a-4f3e-9c61-2a4b8d0e6f13',
  },
  'users:q': {
    description: 'A user id or order code (exact), or part of an e-mail, a name or a transfer memo',
    example: 'khach.hang@example.vn',
  },
  user_id: { description: 'The user’s id', example: '7d1c9e02-5b8a-4f3e-9c61-2a4b8d0e6f13' },
  user_email: {
    description: 'The buyer’s e-mail as their profile has it (null if the sign-in gave none)',
    example: 'lan@example.vn',
  },
  user_name: {
    description: 'The buyer’s name as their profile has it (null if the sign-in gave none)',
    example: 'Nguyễn Thị Lan',
  },
  locked: { description: 'Whether the account is now locked', example: true },
  'users:amount': { description: 'Credits to grant (a positive integer)', example: 50000 },
  'users:delta': { description: 'Credits to add (positive) or take back (negative)', example: 50000 },
  'users:reference': {
    description: 'What the grant refers to (a ticket, a contract…)',
    example: 'LOA-4E6A8C0E',
  },
  'users:reason': {
    description: 'Why (kept in the ledger and the audit trail)',
    example: 'Bù ký tự do lỗi hệ thống',
  },
  'users:balance': { description: 'The wallet’s balance after the change', example: 532000 },
  entry_id: { description: 'The ledger entry written', example: '6c8e0a2c-4e6a-4c8e-8a0c-2e4a6c8e0a2c' },
  replayed: {
    description: 'true: the key was used before; nothing new was written and the first answer is repeated',
    example: false,
  },
  // Back office: orders and payment events
  credits_revoked: { description: 'Credits taken back (what was left of the package’s)', example: 320000 },
  'payments:status': { description: 'The order’s state after the match (PAID)', example: 'PAID' },
  'payments:id': { description: 'The payment event’s id', example: '9f1b3d5e-7a9c-4b1d-8f3a-5c7e9b1d3f5a' },
  outcome: {
    description: 'What the notification did: PAID, FAILED, REFUND_DUE, AMOUNT_MISMATCH, UNMATCHED or IGNORED',
    example: 'UNMATCHED',
  },
  unresolved: { description: '`true`: only events still waiting for an operator', example: 'true' },
  resolved_at: { description: 'When the event was closed', example: '2026-11-23T10:15:00.000Z' },
  // Back office: support
  'support:kind': { description: 'What to reply to: tickets or contacts', example: 'tickets' },
  'support:status': {
    description:
      'A ticket: OPEN, IN_PROGRESS, RESOLVED or CLOSED; a contact message: NEW, IN_PROGRESS or DONE',
    example: 'IN_PROGRESS',
  },
  'support:id': {
    description: 'The ticket or contact message’s id',
    example: '4e6a8c0e-2b4d-4f6a-8c0e-2b4d6f8a0c2e',
  },
  'support:text': { description: 'The reply, sent by mail', example: 'Chào anh, đơn hàng đã được xử lý.' },
  'support:to': { description: 'The address the reply goes to', example: 'khach.hang@example.vn' },
  queued: { description: 'true: the mail was queued now; false: this key was already sent', example: true },
  // Back office: jobs
  'jobs:kind': { description: '`failed` jobs or `stuck` ones (running far too long)', example: 'failed' },
  adapter: { description: 'The job queue in use: in-process or bullmq', example: 'in-process' },
  'jobs:id': { description: 'The job’s id', example: '1842' },
  state: {
    description: 'The job’s state after the action: waiting, active, completed, failed or cancelled',
    example: 'waiting',
  },
  // Back office: audit log
  action: {
    description: 'Only this action (e.g. user.credits.grant, job.retry, voice.update)',
    example: 'voice.update',
  },
  target_type: {
    description: 'Only changes to this kind of thing (user, order, job, voice…)',
    example: 'order',
  },
  target_id: { description: 'Only changes to this one', example: 'LOA7K2M9QXD' },
  actor_id: {
    description: 'Only changes by this operator (user id)',
    example: 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d',
  },
  'audit:from': { description: 'From this time (ISO 8601)', example: '2026-11-01T00:00:00.000Z' },
  'audit:to': { description: 'Until this time (ISO 8601)', example: '2026-11-23T23:59:59.000Z' },
  'dashboard:days': { description: 'Days to show: 7, 30 or 90', example: '30' },
}
