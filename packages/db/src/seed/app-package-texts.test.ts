import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../client.ts'
import { openTestDatabase } from '../template.ts'
import { PACKAGE_SEEDS } from './app-catalogue-data.ts'
import { seedAll } from './index.ts'
import { earlierHighlights } from './app-package-texts.ts'
import { appSchemaTables as t } from './app-tables.ts'

const seeded = (code: string) => PACKAGE_SEEDS.find((p) => p.code === code)!

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

const highlightsOf = async (code: string) =>
  (await database.db.select().from(t.packages).where(eq(t.packages.code, code)))[0]!.highlights
const setHighlights = (code: string, highlights: string[]) =>
  database.db.update(t.packages).set({ highlights }).where(eq(t.packages.code, code))

describe('seeded pricing highlights on existing installs', () => {
  it('knows the texts the first seeds wrote', () => {
    expect(earlierHighlights(seeded('STUDIO-STANDARD-MONTH-V3.1'))).toEqual([
      ['100.000 ký tự mỗi tháng', 'Dùng trên 2 thiết bị', 'Toàn bộ giọng đọc tiêu chuẩn'],
    ])
    // The yearly line carried the monthly texts.
    expect(earlierHighlights(seeded('STUDIO-SPECIAL-YEAR-V3'))).toEqual([
      ['250.000 ký tự mỗi tháng', 'Dùng trên 3 thiết bị', '1 giọng nhân bản'],
    ])
    expect(earlierHighlights(seeded('STUDIO-FREE-V3'))).toEqual([['5.000 ký tự mỗi tháng', '1 thiết bị']])
    expect(earlierHighlights(seeded('API-BASIC-MONTH-V3.1'))).toEqual([])
  })

  it('replaces an earlier seeded default with today’s and keeps an operator’s edit', async () => {
    const operator = ['Ưu đãi riêng của cửa hàng', '100.000 ký tự mỗi tháng']
    await setHighlights(
      'STUDIO-STANDARD-MONTH-V3.1',
      earlierHighlights(seeded('STUDIO-STANDARD-MONTH-V3.1'))[0]!,
    )
    await setHighlights('STUDIO-VIP-YEAR-V3.1', earlierHighlights(seeded('STUDIO-VIP-YEAR-V3.1'))[0]!)
    await setHighlights('STUDIO-FREE-V3', ['5.000 ký tự mỗi tháng', '1 thiết bị'])
    await setHighlights('STUDIO-SPECIAL-MONTH-V3.1', operator)
    // An earlier default with one line removed by an operator is an edit too.
    await setHighlights('STUDIO-SPECIAL-YEAR-V3.1', ['250.000 ký tự mỗi tháng', 'Dùng trên 3 thiết bị'])

    await seedAll({ db: database.db })

    expect(await highlightsOf('STUDIO-STANDARD-MONTH-V3.1')).toEqual(
      seeded('STUDIO-STANDARD-MONTH-V3.1').highlights,
    )
    expect(await highlightsOf('STUDIO-VIP-YEAR-V3.1')).toEqual([
      'Tất cả giọng đọc ba miền',
      'Tải MP3 hoặc WAV kèm phụ đề SRT',
      'Rẻ hơn 20% so với trả theo tháng',
    ])
    expect(await highlightsOf('STUDIO-FREE-V3')).toEqual(['Tất cả giọng đọc ba miền'])
    expect(await highlightsOf('STUDIO-SPECIAL-MONTH-V3.1')).toEqual(operator)
    expect(await highlightsOf('STUDIO-SPECIAL-YEAR-V3.1')).toEqual([
      '250.000 ký tự mỗi tháng',
      'Dùng trên 3 thiết bị',
    ])
  })
})
