import { describe, expect, it } from 'vitest'
import { incompleteLine, methodStatus } from './methods.ts'

describe('payment method modes (issue 28)', () => {
  it('is the labelled sandbox only when no setting of the method is present', () => {
    expect(methodStatus('VIETQR', {})).toEqual({ method: 'VIETQR', mode: 'sandbox', missing: [] })
    expect(methodStatus('VNPAY', { VIETQR_UNRELATED: 'x' })).toMatchObject({ mode: 'sandbox' })
  })
  it('is real when every required setting is present', () => {
    const bank = {
      BANK_ACCOUNT_BIN: '970436',
      BANK_ACCOUNT_NUMBER: '0071000123456',
      BANK_ACCOUNT_NAME: 'CONG TY LOA',
    }
    expect(methodStatus('VIETQR', { ...bank, PAYMENT_WEBHOOK_KEY: 'sepay-key-123' }).mode).toBe('real')
    expect(methodStatus('VIETQR', { ...bank, CASSO_CHECKSUM_KEY: 'casso-key-123' }).mode).toBe('real')
    expect(methodStatus('VNPAY', { VNPAY_TMN_CODE: 'LOA00001', VNPAY_HASH_SECRET: 'secret-123' }).mode).toBe(
      'real',
    )
  })
  it('is off, naming what is missing, when only part is set (a webhook key without an account)', () => {
    const status = methodStatus('VIETQR', { PAYMENT_WEBHOOK_KEY: 'sepay-key-123' })
    expect(status).toEqual({
      method: 'VIETQR',
      mode: 'off',
      missing: ['BANK_ACCOUNT_BIN', 'BANK_ACCOUNT_NUMBER', 'BANK_ACCOUNT_NAME'],
    })
    expect(incompleteLine(status)).toBe(
      'PAYMENT_CONFIG_INCOMPLETE: VIETQR is not offered — missing BANK_ACCOUNT_BIN, BANK_ACCOUNT_NUMBER, ' +
        'BANK_ACCOUNT_NAME (set them, or remove every VIETQR setting for the labelled sandbox)',
    )
    expect(
      methodStatus('VIETQR', { BANK_ACCOUNT_BIN: '970436', BANK_ACCOUNT_NUMBER: '1', BANK_ACCOUNT_NAME: 'A' })
        .missing,
    ).toEqual(['PAYMENT_WEBHOOK_KEY or CASSO_CHECKSUM_KEY'])
    expect(methodStatus('VNPAY', { VNPAY_URL: 'https://pay.vnpay.vn/vpcpay.html' }).missing).toEqual([
      'VNPAY_TMN_CODE',
      'VNPAY_HASH_SECRET',
    ])
  })
})
