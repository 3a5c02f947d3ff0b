/** What the back-office's API answers (camelCase, as the web's HTTP client reads it). */
export type Product = 'aivoice' | 'aivoiceapi' | 'aidubbing' | 'aicall'
export const PRODUCTS: Product[] = ['aivoice', 'aivoiceapi', 'aidubbing', 'aicall']

export interface Page<T> {
  total: number
  items: T[]
}

export interface UserRow {
  id: string
  email: string | null
  name: string | null
  createdAt: string
  lastSeenAt: string | null
  lockedAt: string | null
}

export interface Wallet {
  product: Product
  balance: number
  expiresAt: string | null
  packageCode: string | null
}

export interface LedgerEntry {
  id: string
  product: Product
  kind: string
  delta: number
  balanceAfter: number
  reason: string
  actor: string | null
  createdAt: string
}

export interface UserPage {
  profile: {
    id: string
    email: string | null
    name: string | null
    affiliateCode: string
    packageCode: string | null
    createdAt: string
    lastSeenAt: string | null
  }
  lock: { reason: string; lockedBy: string; lockedAt: string } | null
  balances: Wallet[]
  entries: Page<LedgerEntry>
  syntheses: {
    id: string
    source: string
    title: string
    characters: number
    status: string
    createdAt: string
  }[]
  apiApps: {
    id: string
    name: string
    tokenPrefix: string
    requestsCount: number
    revokedAt: string | null
  }[]
  dubbingProjects: DubbingProjectSummary[]
  devices: { deviceId: string; name: string; ip: string | null; active: boolean; lastSeenAt: string }[]
  orders: { id: string; packageCode: string; status: string; total: number; createdAt: string }[]
}

export interface DashboardDay {
  date: string
  [metric: string]: number | string
}

export interface Dashboard {
  from: string
  to: string
  signups: DashboardDay[]
  characters: DashboardDay[]
  orders: DashboardDay[]
  demo: DashboardDay[]
  /** PAYMENT_CONFIG_INCOMPLETE lines: payment methods not offered because their settings are incomplete. */
  paymentWarnings?: string[]
}

export interface AuditRow {
  id: number
  actorId: string
  actorEmail: string | null
  action: string
  targetType: string
  targetId: string
  before: unknown
  after: unknown
  reason: string | null
  createdAt: string
}

export type CatalogueRow = Record<string, unknown> & { active?: boolean; rank?: number }

/** An install started from the Voices screen (`GET /admin/installed-voices`). */
export interface VoiceInstall {
  name: string
  source: string
  state: 'RUNNING' | 'INSTALLED' | 'FAILED'
  bytes: number
  total: number
  sample: boolean
  errorCode: string | null
  errorMessage: string | null
  startedAt: string
  finishedAt: string | null
}

/** The voices folder as the back-office sees it. */
export interface InstalledVoices {
  dir: string
  voices: {
    name: string
    code: string
    engine: 'piper'
    tier: string
    bytes: number
    licence: string | null
    attribution: string | null
  }[]
  problems: { name: string; problem: string }[]
  installs: VoiceInstall[]
}

export interface FlagRule {
  id?: string
  condition?: Record<string, unknown>
  force?: unknown
  [key: string]: unknown
}

export interface Flag {
  key: string
  value_type: string
  default_value: unknown
  description: string
  updated_at: string
  updated_by: string
  environments: Record<string, { enabled: boolean; default_value?: unknown; rules: FlagRule[] }>
}

export interface FlagAudit {
  id: number
  at: string
  actor: string
  action: string
  before: unknown
  after: unknown
}

export const TICKET_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'] as const
export type TicketStatus = (typeof TICKET_STATUSES)[number]

export interface Ticket {
  id: string
  userId: string | null
  email: string
  name: string
  category: string
  subject: string
  content: string
  status: TicketStatus
  attachments: { key: string; url: string | null }[]
  createdAt: string
}

export const CONTACT_STATUSES = ['NEW', 'IN_PROGRESS', 'DONE'] as const
export type ContactStatus = (typeof CONTACT_STATUSES)[number]

export interface ContactMessage {
  id: number
  name: string
  email: string
  phoneNumber: string
  purpose: string
  content: string
  status: ContactStatus
  createdAt: string
  updatedAt: string
}

/** One of a user's dubbing projects on their back-office page. */
export interface DubbingProjectSummary {
  id: string
  name: string
  /** The latest render's status, or DRAFT before any render. */
  status: string
  durationMs: number | null
  lines: number
  createdAt: string
  updatedAt: string
  lastRender: {
    id: string
    status: string
    characters: number
    /** Seconds of dubbed timeline charged (issue 28). */
    seconds: number
    createdAt: string
    finishedAt: string | null
  } | null
}

export const ORDER_STATUSES = ['PENDING', 'PAID', 'CANCELLED', 'EXPIRED', 'FAILED', 'REFUNDED'] as const
export const PAYMENT_METHODS = ['VIETQR', 'VNPAY'] as const

export interface OrderFilter {
  status?: string
  method?: string
  from?: string
  to?: string
  q?: string
}

export interface Order {
  id: string
  code: string | null
  userId: string
  /** The buyer's profile e-mail and name (null when the sign-in gave none). */
  userEmail: string | null
  userName: string | null
  packageCode: string
  type: string
  status: string
  paymentMethod: string | null
  total: number
  credits: number | null
  memo: string | null
  createdAt: string
  paidAt: string | null
}

export interface PaymentEvent {
  id: string
  provider: string
  providerTxnId: string
  orderCode: string | null
  amount: number
  outcome: string
  resolvedAt: string | null
  createdAt: string
}

export interface OrderDetail {
  order: Order
  events: PaymentEvent[]
  audit: { action: string; actorEmail: string; reason: string | null; createdAt: string }[]
}

export interface QueueJob {
  id: string
  name: string
  state: string
  attempts: number
  maxAttempts: number
  error: string | null
  createdAt: string | null
  finishedAt: string | null
}

/** A voice of a voice provider (`GET /admin/voice-providers`). */
export interface ProviderVoice {
  code: string
  providerVoice: string
  name: string
  gender: 'MALE' | 'FEMALE'
  region: 'NORTH' | 'CENTRAL' | 'SOUTH'
  languageCode?: string
}

/** What the Voices screen sends to add or change a provider (the file's fields; no key, only its variable). */
export interface VoiceProviderInput {
  kind: string
  baseUrl: string
  apiKeyEnv: string | null
  model: string | null
  concurrency?: number
  timeoutMs?: number
  maxRetries?: number
  maxChars: number | null
  enabled: boolean
  voices: ProviderVoice[]
}

/** A voice provider as the back-office lists it: the file's (read-only) or one added on the screen. */
export interface VoiceProvider extends Required<Omit<VoiceProviderInput, 'voices'>> {
  id: string
  source: 'file' | 'screen'
  /** Whether the server has the named key variable (never its value). */
  keySet: boolean
  breakerFailures: number
  breakerPauseMs: number
  state: 'available' | 'paused' | 'off'
  problem: string | null
  voices: Required<ProviderVoice>[]
  updatedAt: string | null
}

/** "Test connection": one sentence spoken through the provider. */
export interface ProviderProbe {
  ok: boolean
  voice: string
  ms: number
  audioMs: number | null
  sampleRate: number | null
  errorCode: string | null
  errorMessage: string | null
}
