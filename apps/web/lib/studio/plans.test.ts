import { describe, expect, it } from 'vitest'
import { monthlyPrice, planChange } from './plans'

const basic = { code: 'B-M', family: 'BASIC', cycle: 'monthly', price: 100_000, credits: 50_000 }
const basicYear = { code: 'B-Y', family: 'BASIC', cycle: 'yearly', price: 1_080_000, credits: 600_000 }
const pro = { code: 'P-Q', family: 'PRO', cycle: 'quarterly', price: 900_000, credits: 600_000 }
const trial = { code: 'T', family: 'TRIAL', cycle: null, price: 0, credits: 1000 }

describe('plan change kinds', () => {
  it('prices per month by billing cycle', () => {
    expect(monthlyPrice(basicYear)).toBe(90_000)
    expect(monthlyPrice(pro)).toBe(300_000)
    expect(monthlyPrice(trial)).toBe(0)
  })

  it('same family is the same level, otherwise monthly price then credits decide', () => {
    expect(planChange(basic, basicYear)).toBe('same_level')
    expect(planChange(basic, pro)).toBe('upgrade')
    expect(planChange(pro, basic)).toBe('downgrade')
    expect(planChange(trial, basic)).toBe('upgrade')
    expect(planChange(null, trial)).toBe('same_level')
    expect(planChange(null, pro)).toBe('upgrade')
    expect(planChange({ ...basic, family: 'X' }, { ...basic, family: 'Y', credits: 10 })).toBe('downgrade')
  })
})
