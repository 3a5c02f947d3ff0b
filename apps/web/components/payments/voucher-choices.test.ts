import { describe, expect, it } from 'vitest'
import { voucherChoices, type VoucherChoice } from './voucher-choices'

const voucher = (code: string, packageCodes: string[] = []): VoucherChoice => ({
  code,
  title: `Mã ${code}`,
  discountPercent: 10,
  discountAmount: null,
  maxDiscount: null,
  packageCodes,
})
const list = (...items: VoucherChoice[]) => ({ result: { total: items.length, items } })

describe('the vouchers checkout offers (spec 7.30, 7.32)', () => {
  it('puts the paid-order vouchers first, then the public ones, each code once', () => {
    const choices = voucherChoices(
      list(voucher('KHACHQUEN50K'), voucher('LOA10')),
      list(voucher('LOA10'), voucher('CHAOBANMOI')),
      'STUDIO-STANDARD-MONTH-V3.1',
    )
    expect(choices.map((v) => v.code)).toEqual(['KHACHQUEN50K', 'LOA10', 'CHAOBANMOI'])
  })

  it('offers only vouchers valid for the package being bought', () => {
    const choices = voucherChoices(
      null,
      list(voucher('DUB20', ['DUBBING-PRO-MONTH-V1']), voucher('STUDIO5', ['STUDIO-STANDARD-MONTH-V3.1'])),
      'STUDIO-STANDARD-MONTH-V3.1',
    )
    expect(choices.map((v) => v.code)).toEqual(['STUDIO5'])
  })

  it('null on error: a failed call adds nothing, both failed gives none', () => {
    expect(voucherChoices(null, list(voucher('LOA10')), 'P').map((v) => v.code)).toEqual(['LOA10'])
    expect(voucherChoices(null, null, 'P')).toEqual([])
    expect(voucherChoices({ result: undefined }, { result: 'oops' }, 'P')).toEqual([])
  })

  it('leaves out a public voucher the caller cannot use (GET /vouchers), unless that call failed', () => {
    const open = list(voucher('LOA10'), voucher('CHAOBANMOI'))
    const paid = list(voucher('KHACHQUEN50K'))
    expect(voucherChoices(paid, open, 'P', list(voucher('LOA10'))).map((v) => v.code)).toEqual([
      'KHACHQUEN50K',
      'LOA10',
    ])
    expect(voucherChoices(paid, open, 'P', null).map((v) => v.code)).toEqual([
      'KHACHQUEN50K',
      'LOA10',
      'CHAOBANMOI',
    ])
  })
})
