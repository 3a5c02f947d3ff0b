import { plainAscii } from './ascii.ts'
import { crc16CcittFalse } from './crc16.ts'

/** NAPAS VietQR (EMVCo merchant-presented QR) — reference payments-vn.md §B1. */
const VIETQR_GUID = 'A000000727'
const VND_CURRENCY = '704'
const COUNTRY = 'VN'
/** Transfer to an account number (QRIBFTTC would be to a card number). */
export const VIETQR_SERVICE_ACCOUNT = 'QRIBFTTA'

/** One EMVCo TLV field: id (2) + length (2, decimal) + value. */
export const tlv = (id: string, value: string): string => {
  if (value.length > 99) throw new RangeError(`EMVCo field ${id} is longer than 99 characters`)
  return `${id}${String(value.length).padStart(2, '0')}${value}`
}

export interface VietQrInput {
  /** 6-digit acquirer BIN of the receiving bank (e.g. 970436 Vietcombank). */
  bankBin: string
  accountNumber: string
  /** Integer VND; absent makes a static QR (the payer types the amount). */
  amount?: number
  /** Transfer memo (tag 62/08); diacritics are stripped. */
  memo?: string
}

/** The VietQR payload string a banking app scans: dynamic (12) with an amount, static (11) without. */
export const buildVietQr = (input: VietQrInput): string => {
  if (!/^\d{6}$/.test(input.bankBin)) throw new RangeError('bank BIN must be 6 digits')
  if (!/^[0-9A-Za-z]{1,19}$/.test(input.accountNumber))
    throw new RangeError('account number must be 1–19 characters')
  if (input.amount !== undefined && (!Number.isSafeInteger(input.amount) || input.amount <= 0))
    throw new RangeError('amount must be a positive integer of VND')
  const beneficiary = tlv('00', input.bankBin) + tlv('01', input.accountNumber)
  const merchant = tlv('00', VIETQR_GUID) + tlv('01', beneficiary) + tlv('02', VIETQR_SERVICE_ACCOUNT)
  const memo = input.memo ? plainAscii(input.memo, 50) : ''
  const body =
    tlv('00', '01') +
    tlv('01', input.amount === undefined ? '11' : '12') +
    tlv('38', merchant) +
    tlv('53', VND_CURRENCY) +
    (input.amount === undefined ? '' : tlv('54', String(input.amount))) +
    tlv('58', COUNTRY) +
    (memo ? tlv('62', tlv('08', memo)) : '') +
    '6304'
  return body + crc16CcittFalse(body)
}

/** The TLV fields of one level of a payload, by id. */
export const readTlv = (text: string): Map<string, string> => {
  const fields = new Map<string, string>()
  for (let i = 0; i < text.length;) {
    const length = Number(text.slice(i + 2, i + 4))
    if (!/^\d{2}$/.test(text.slice(i + 2, i + 4)) || i + 4 + length > text.length)
      throw new Error('EMVCo payload is malformed')
    fields.set(text.slice(i, i + 2), text.slice(i + 4, i + 4 + length))
    i += 4 + length
  }
  return fields
}

/** The top-level fields of a payload whose CRC checks (tag 63 excluded). */
export const parseEmvco = (payload: string): Map<string, string> => {
  const body = payload.slice(0, -4)
  if (!body.endsWith('6304') || crc16CcittFalse(body) !== payload.slice(-4).toUpperCase())
    throw new Error('EMVCo payload has a bad CRC')
  return readTlv(body.slice(0, -4))
}
