/** Settlement inside a transaction comes from the one ledger (`@loa/ledger`); re-exported for this package's modules. */
export { chargeReservation, releaseReservation, type Tx } from '@loa/ledger'
