import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { normalize } from '@loa/tts'
import { describe, expect, it } from 'vitest'
import { parseCsv } from './csv.ts'
import { manifestCsv } from './manifest.ts'
import { checkRows, rowsOfCsv } from './rows.ts'
import { checkValue, scriptVariables } from './template.ts'
import { crcOf, zipStream } from './zip.ts'

const spoken = (text: string) => normalize(text, { region: 'NORTH' }).text

describe('call-prompt scripts and their values (issue 30 §4)', () => {
  it('finds typed variables and refuses unknown types or an unclosed placeholder', () => {
    expect(scriptVariables('Chào {{ten}}, nợ {{ tien : money }} hạn {{han:date}}; {{ten}}')).toEqual([
      { name: 'ten', type: 'text' },
      { name: 'tien', type: 'money' },
      { name: 'han', type: 'date' },
    ])
    expect(() => scriptVariables('{{x:colour}}')).toThrow(/Unknown type/)
    expect(() => scriptVariables('Chào {{ten')).toThrow(/not closed/)
    expect(() => scriptVariables('{{a:money}} {{a:date}}')).toThrow(/used as money and as date/)
  })

  it('writes money, dates, plates, codes and phones the way the normalizer reads them in Vietnamese', () => {
    const fill = (type: Parameters<typeof checkValue>[0], value: string) => {
      const r = checkValue(type, value)
      if (!r.ok) throw new Error(r.reason)
      return r.spoken
    }
    expect(fill('money', '1.500.000')).toBe('1.500.000 đồng')
    expect(fill('money', '250000 đ')).toBe('250.000 đồng')
    expect(spoken(`Quý khách còn nợ ${fill('money', '1,500,000 VND')}.`)).toBe(
      'Quý khách còn nợ một triệu năm trăm nghìn đồng.',
    )
    expect(fill('date', '2026-12-01')).toBe('01/12/2026')
    expect(spoken(`hạn ${fill('date', '1/12/2026')}`)).toBe(
      'hạn ngày một tháng mười hai năm hai nghìn không trăm hai mươi sáu',
    )
    expect(fill('plate', '29a12345')).toBe('29A-123.45')
    // Plates and order codes are read sign by sign, never as amounts (how letters are named is the normalizer's).
    expect(spoken(`Xe ${fill('plate', '29A-123.45')} đến hạn`)).toMatch(
      /^Xe hai chín .+ một hai ba bốn năm đến hạn$/,
    )
    const code = spoken(`Đơn ${fill('code', 'dh-2024')} đã giao`)
    expect(code).toMatch(/hai không hai bốn đã giao$/)
    expect(code).not.toMatch(/nghìn|trăm|mươi/)
    expect(fill('phone', '+84 912 345 678')).toBe('0912345678')
    for (const [type, value] of [
      ['money', '1.5tr'],
      ['date', '31/02/2026'],
      ['plate', 'ABC'],
      ['code', '#12'],
      ['number', 'mười'],
      ['phone', '12345'],
      ['text', '   '],
    ] as const)
      expect(checkValue(type, value).ok, `${type} ${value}`).toBe(false)
  })
})

describe('CSV rows checked by row', () => {
  it('parses quoted fields, doubled quotes, CRLF, a BOM and Excel’s semicolons', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, ""y""",2\r\n\r\n"dòng\nhai",3')).toEqual([
      ['a', 'b'],
      ['x, "y"', '2'],
      ['dòng\nhai', '3'],
    ])
    expect(parseCsv('ten;tien\nMinh;1.000')).toEqual([
      ['ten', 'tien'],
      ['Minh', '1.000'],
    ])
    expect(() => parseCsv('a\n"open')).toThrow(/not closed/)
  })

  it('reports each bad value with its row and column, keeps the good rows and names files', () => {
    const rows = rowsOfCsv(
      'ten,tien,han,file,ghi_chu\nMinh,1.000.000,30/11/2026,kh-01,x\nLan,nhiều,31/11/2026,,y\nAn,5000,01/12/2026,kh-01,z\n',
    )
    const check = checkRows('Chào {{ten}}, nợ {{tien:money}} hạn {{han:date}}.', rows)
    expect(check.rows.map((r) => [r.row, r.file, r.text])).toEqual([
      [1, 'kh-01', 'Chào Minh, nợ 1.000.000 đồng hạn 30/11/2026.'],
    ])
    expect(check.problems).toEqual([
      { row: 2, column: 'tien', problem: 'money', value: 'nhiều' },
      { row: 2, column: 'han', problem: 'date', value: '31/11/2026' },
      { row: 3, column: 'file', problem: 'file_taken', value: 'kh-01' },
    ])
    expect(check.unusedColumns).toEqual(['ghi_chu'])
    expect(checkRows('Chào {{ten}} {{so_xe:plate}}', rows).missingColumns).toEqual(['so_xe'])
    expect(checkRows('Chào {{ten}}', rows).rows.map((r) => r.file)).toEqual(['kh-01', '00002'])
  })

  it('takes at most 10,000 rows', () => {
    const many = Array.from({ length: 10_001 }, (_, i) => ({ ten: `KH ${i}` }))
    expect(() => checkRows('Chào {{ten}}', many)).toThrow(/At most 10000 rows/)
    expect(checkRows('Chào {{ten}}', many.slice(0, 10_000)).rows).toHaveLength(10_000)
  })
})

describe('the ZIP and its manifest', () => {
  it('unzip lists and extracts every file byte for byte, with Vietnamese names and the manifest', async () => {
    const files = [
      { name: 'khách-hàng-01.ulaw', bytes: new Uint8Array([0xff, 0x7f, 1, 2, 3]) },
      { name: 'manifest.csv', bytes: new TextEncoder().encode(manifestCsv([])) },
    ]
    const chunks: Uint8Array[] = []
    for await (const chunk of zipStream(
      files.map((f) => ({
        name: f.name,
        size: f.bytes.length,
        crc: crcOf(f.bytes),
        bytes: async () => f.bytes,
      })),
    ))
      chunks.push(chunk)
    const dir = mkdtempSync(path.join(tmpdir(), 'loa-zip-'))
    try {
      writeFileSync(path.join(dir, 'a.zip'), Buffer.concat(chunks))
      execFileSync('unzip', ['-tq', 'a.zip'], { cwd: dir })
      execFileSync('unzip', ['-q', 'a.zip', '-d', 'out'], { cwd: dir })
      for (const f of files)
        expect(new Uint8Array(readFileSync(path.join(dir, 'out', f.name)))).toEqual(f.bytes)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('the manifest has a line per row: file, duration in seconds, characters, status, error', () => {
    const csv = manifestCsv([
      {
        row: 1,
        file: 'a.wav',
        key: 'k',
        size: 1,
        crc: 0,
        durationMs: 2345,
        characters: 40,
        status: 'SUCCESS',
        error: null,
      },
      {
        row: 2,
        file: '',
        key: null,
        size: 0,
        crc: 0,
        durationMs: 0,
        characters: 3,
        status: 'FAILURE',
        error: 'TTS_EMPTY_TEXT',
      },
    ])
    expect(csv).toBe(
      'row,file,duration,characters,status,error\r\n1,a.wav,2.345,40,SUCCESS,\r\n2,,0.000,3,FAILURE,TTS_EMPTY_TEXT\r\n',
    )
  })
})
