/**
 * CSV as spreadsheets export it (RFC 4180): quoted fields with doubled quotes and line breaks, CRLF or LF, a UTF-8
 * byte-order mark, and the separator of the header line (`,` or `;`, Excel's in a Vietnamese locale).
 */

export class CsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message)
  }
}

const separatorOf = (firstLine: string): string => {
  const count = (c: string) => firstLine.split(c).length - 1
  return count(';') > count(',') ? ';' : ','
}

/** Records of a CSV text (each an array of fields); empty lines are skipped. */
export const parseCsv = (input: string): string[][] => {
  const text = input.replace(/^\uFEFF/, '')
  const sep = separatorOf(text.slice(0, text.search(/\r?\n|$/)))
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  let line = 1
  let i = 0
  const endRecord = () => {
    record.push(field)
    if (record.length > 1 || record[0]!.trim() !== '') records.push(record)
    record = []
    field = ''
  }
  while (i < text.length) {
    const c = text[i]!
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i += 2
          continue
        }
        quoted = false
        i += 1
        continue
      }
      if (c === '\n') line += 1
      field += c
      i += 1
      continue
    }
    if (c === '"' && field === '') {
      quoted = true
      i += 1
    } else if (c === sep) {
      record.push(field)
      field = ''
      i += 1
    } else if (c === '\r' || c === '\n') {
      endRecord()
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1
      line += 1
    } else {
      field += c
      i += 1
    }
  }
  if (quoted) throw new CsvError(line, `A quoted field opened before line ${line} is not closed`)
  if (field !== '' || record.length > 0) endRecord()
  return records
}
