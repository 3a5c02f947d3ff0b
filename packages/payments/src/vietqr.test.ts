import { describe, expect, it } from 'vitest'
import { crc16CcittFalse } from './crc16.ts'
import { buildVietQr, parseEmvco, readTlv } from './vietqr.ts'

// Checked vectors of reference payments-vn.md §B1.
const STATIC_ACB =
  '00020101021138530010A0000007270123000697041601092576788590208QRIBFTTA53037045802VN6304AE9F'
const DYNAMIC_ACB =
  '00020101021238530010A0000007270123000697041601092576788590208QRIBFTTA53037045405100005802VN62150811Chuyen tien630453E6'
const DYNAMIC_VIETINBANK =
  '00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C'

describe('CRC-16/CCITT-FALSE', () => {
  it('matches the standard check value and the reference payloads', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1')
    expect(crc16CcittFalse(STATIC_ACB.slice(0, -4))).toBe('AE9F')
    expect(crc16CcittFalse(DYNAMIC_VIETINBANK.slice(0, -4))).toBe('C15C')
  })
})

describe('buildVietQr', () => {
  it('reproduces the reference vectors', () => {
    expect(buildVietQr({ bankBin: '970416', accountNumber: '257678859' })).toBe(STATIC_ACB)
    expect(
      buildVietQr({ bankBin: '970416', accountNumber: '257678859', amount: 10000, memo: 'Chuyen tien' }),
    ).toBe(DYNAMIC_ACB)
    expect(
      buildVietQr({
        bankBin: '970415',
        accountNumber: '0011001932418',
        amount: 120000,
        memo: 'ung ho lu lut',
      }),
    ).toBe(DYNAMIC_VIETINBANK)
  })

  it('strips diacritics from the memo and round-trips through the parser', () => {
    const payload = buildVietQr({
      bankBin: '970436',
      accountNumber: '1234567890',
      amount: 108900,
      memo: 'Đơn LOA7K3M9Q2X',
    })
    const fields = parseEmvco(payload)
    expect(fields.get('54')).toBe('108900')
    expect(readTlv(fields.get('62')!).get('08')).toBe('Don LOA7K3M9Q2X')
    expect(readTlv(readTlv(fields.get('38')!).get('01')!).get('01')).toBe('1234567890')
  })

  it('rejects bad input and a corrupted payload', () => {
    expect(() => buildVietQr({ bankBin: '97041', accountNumber: '1' })).toThrow(RangeError)
    expect(() => buildVietQr({ bankBin: '970416', accountNumber: '1', amount: 10.5 })).toThrow(RangeError)
    expect(() => parseEmvco(DYNAMIC_ACB.replace('10000', '90000'))).toThrow(/CRC/)
  })
})
