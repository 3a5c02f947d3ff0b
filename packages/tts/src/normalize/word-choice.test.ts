import { describe, expect, it } from 'vitest'
import { normalize } from './index.ts'

describe('number words chosen once per call', () => {
  it('uses the Northern defaults', () => {
    expect(normalize('1.005.000 và 2.000.000.000').text).toBe('một triệu không trăm linh năm nghìn và hai tỷ')
  })

  it('uses ngàn and lẻ for the South', () => {
    expect(normalize('105 và 5.000', { region: 'SOUTH' }).text).toBe('một trăm lẻ năm và năm ngàn')
  })

  it("follows the author's own words so one text never mixes them", () => {
    expect(normalize('Ngàn năm, 5.000 người').text).toBe('Ngàn năm, năm ngàn người')
    expect(normalize('5 tỉ và 3.000.000.000').text).toBe('năm tỉ và ba tỉ')
    expect(normalize('tỉ số 2-1, 3.000.000.000').text).toBe('tỉ số hai một, ba tỷ')
    expect(normalize('một trăm lẻ năm và 105').text).toBe('một trăm lẻ năm và một trăm lẻ năm')
  })
})
