/**
 * @loa/ledger — the one home of credits: per-product wallets, grants, operator adjustments, revocations,
 * reservations settled exactly once, expiry. Every change is one entry in the caller's transaction when given.
 */
export { createLedger, type Ledger } from './ledger.ts'
export {
  chargeReservation,
  releaseReservation,
  settleIn,
  type ReserveInput,
  type SettleOutcome,
  type Settlement,
} from './reservations.ts'
export type { AdjustInput, GrantInput, RevokeInput } from './grants.ts'
export { LedgerErrorCode } from './errors.ts'
export { ENTRY_KINDS, type Entry, type EntryKind, type Reservation, type Tx, type Wallet } from './types.ts'
