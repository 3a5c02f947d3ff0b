/**
 * Abbreviations from the table, prefixes with a dot or number ("TP. Huế", "Q.3", "P.7", "GS.TS"),
 * and the ones context decides: ĐT (điện thoại before a number, else đội tuyển), Đ/c (đồng chí before
 * a name, else địa chỉ), CP (cổ phần after "công ty", else chính phủ), SN (sinh năm before a year), CN (chủ nhật
 * before a date), HS (học sinh). A default no neighbouring word confirms carries `doubt: ambiguous-abbreviation`.
 */
import { ABBREVIATIONS, SINGLE_LETTER_PREFIXES, TITLE_PREFIXES } from '../abbreviations.ts'
import { adjacentPreviousWord, isCapitalised, nextWordIndex, previousWords } from '../context.ts'
import { letterName } from '../letters.ts'
import { readIntegerDigits } from '../number-reader.ts'
import type { Frag, Rule, RuleContext } from '../rule-types.ts'

function nextText(ctx: RuleContext, i: number): string {
  const j = nextWordIndex(ctx, i)
  return j > 0 ? (ctx.tokens[j]?.text ?? '') : ''
}

/** Whether a dot glued after token i belongs to the abbreviation (a name or number follows it). */
function dotBelongs(ctx: RuleContext, i: number): boolean {
  const token = ctx.tokens[i]
  const dot = ctx.tokens[i + 1]
  if (!token || !dot || dot.type !== 'punct' || dot.text !== '.' || dot.start !== token.end) return false
  const after = nextWordIndex(ctx, i + 1)
  const word = after > 0 ? (ctx.tokens[after]?.text ?? '') : ''
  return /^[\p{Lu}\d]/u.test(word)
}

/** A reading decided by the words around the abbreviation; `sure` is false when no word said it (a default). */
interface Contextual {
  text: string
  sure: boolean
}

const LATIN_REPUBLICS =
  /^(Czech|Ireland|Congo|Belarus|Slovakia|Moldova|Guinea|Korea|Dominica|Serbia|Croatia|Macedonia|Kenya)$/
/** Words before "CP" that make it the government (chính phủ) for sure. */
const GOVERNMENT_BEFORE = /(thủ tướng|văn phòng|nghị định|nghị quyết|chỉ thị|của)$/
/** Words around "HS" that make it pupils (học sinh): "HS lớp 9", "các HS", "HS giỏi". */
const PUPIL_AFTER = /^(lớp|THPT|THCS|tiểu|giỏi|khá|trường|cấp|đạt|được|\d+)$/
const PUPIL_BEFORE = /^(các|em|những|cho|mỗi|số|nhiều|toàn|với|của)$/

/** Clubs written with their sponsor's initials before the province: said in full by sports desks. */
const CLUBS: Record<string, { province: string; name: string }> = {
  HA: { province: 'Gia Lai', name: 'hoàng anh' },
  SL: { province: 'Nghệ An', name: 'sông lam' },
}

/** Civil-service ranks abbreviated in administrative texts, read so when listed together ("CB, CC, VC"). */
const CIVIL_RANKS: Record<string, string> = { CB: 'cán bộ', CC: 'công chức', VC: 'viên chức' }

/** The words one comma before and after token i ("CB, CC, VC": CB and VC around CC). */
function commaNeighbours(ctx: RuleContext, i: number): string[] {
  const out: string[] = []
  for (const step of [-1, 1]) {
    let j = i + step
    while (ctx.tokens[j]?.type === 'space') j += step
    if (ctx.tokens[j]?.text !== ',') continue
    j += step
    while (ctx.tokens[j]?.type === 'space') j += step
    const word = ctx.tokens[j]
    if (word?.type === 'word') out.push(word.text)
  }
  return out
}

/** Whether the words after token i begin with `phrase` ("Gia Lai"). */
function followedBy(ctx: RuleContext, i: number, phrase: string): boolean {
  let j = i
  for (const part of phrase.split(' ')) {
    j = nextWordIndex(ctx, j)
    if (j <= 0 || ctx.tokens[j]?.text !== part) return false
  }
  return true
}

function contextual(ctx: RuleContext, i: number, word: string): Contextual | null {
  const after = nextText(ctx, i)
  const colon = ctx.tokens[i + 1]?.text === ':'
  if (word === 'ĐT' || word === 'Đt') {
    if (colon || /^[+\d(]/.test(after)) return { text: 'điện thoại', sure: true }
    // "ĐT Việt Nam", "ĐT U23": a team before its name; alone it may be a phone, a training, an investment…
    return { text: 'đội tuyển', sure: isCapitalised(after) || /^U\d{2}$/.test(after) }
  }
  if (word === 'Đ/c' || word === 'đ/c' || word === 'Đ/C') {
    if (isCapitalised(after) && !colon && !/^(Số|Tầng|Phòng|Lô|Ngõ|Ngách|Hẻm|Đường|Phố)$/.test(after))
      return { text: 'đồng chí', sure: true }
    return { text: 'địa chỉ', sure: colon || /^(Số|Tầng|Phòng|Lô|Ngõ|Ngách|Hẻm|Đường|Phố|\d+)$/.test(after) }
  }
  // "SN 1985", "sn 1990": born in (sinh năm) before a year; otherwise spelled like any acronym.
  if ((word === 'SN' || word === 'sn') && /^(1[89]|20)\d{2}$/.test(after))
    return { text: 'sinh năm', sure: true }
  if (word === 'CN' && /^(\d{1,2}\/\d{1,2}|ngày|T\d)/.test(after)) return { text: 'chủ nhật', sure: true }
  if (word === 'CP') {
    const prev = previousWords(ctx, i, 2).join(' ')
    if (/(công ty|cty|ctcp)$/.test(prev) || /^(Tập|tập)$/.test(after)) return { text: 'cổ phần', sure: true }
    return { text: 'chính phủ', sure: GOVERNMENT_BEFORE.test(prev) }
  }
  // "CH Séc", "CH Pháp": a republic before its country's name (a Vietnamese one, or one of the few written in
  // Latin letters); "CH Play" is the store.
  if (word === 'CH' && isCapitalised(after) && (/[^A-Za-z]/.test(after) || LATIN_REPUBLICS.test(after)))
    return { text: 'cộng hòa', sure: true }
  // "LS V-League": the league's sponsor, spelled; "LS Nguyễn Văn A" is a lawyer (the table's luật sư).
  if (word === 'LS' && /League$/.test(after)) return { text: 'lờ ét', sure: true }
  // "HA Gia Lai", "SL Nghệ An": a football club's name shortened before its province.
  const club = CLUBS[word]
  if (club && followedBy(ctx, i, club.province)) return { text: club.name, sure: true }
  // "CB, CC, VC": cán bộ, công chức, viên chức, the civil-service ranks, when two of them are listed together.
  const rank = CIVIL_RANKS[word]
  if (rank && commaNeighbours(ctx, i).filter((w) => CIVIL_RANKS[w] !== undefined).length >= 1)
    return { text: rank, sure: true }
  // "UB Thường vụ Quốc hội", "UB Kiểm tra": a committee before its name.
  if (word === 'UB' && isCapitalised(after)) return { text: 'ủy ban', sure: true }
  // "HS lớp 9", "các HS": pupils; "mã HS" (a customs code) or HS alone may be letters.
  if (word === 'HS') {
    const sure = PUPIL_AFTER.test(after) || PUPIL_BEFORE.test(adjacentPreviousWord(ctx, i))
    return { text: 'học sinh', sure }
  }
  return null
}

/** Reads a part after a prefix dot: a number, an abbreviation, or a name kept as written. */
function readPart(ctx: RuleContext, part: string, head: string): string | null {
  // Districts and wards are numbered (Q.3, P.12); "H.264" is a codec, not a district (huyện) 264.
  if (/^\d{1,4}$/.test(part)) return /^[Hh]$/.test(head) ? null : readIntegerDigits(part, ctx.words)
  const abbreviation = ABBREVIATIONS[part]
  if (abbreviation && !SINGLE_LETTER_PREFIXES.has(part)) return abbreviation
  if (/^\p{Lu}[\p{Ll}\p{M}]*$/u.test(part)) return part
  return null
}

function single(
  token: { start: number; end: number },
  text: string,
  next: number,
): { next: number; frags: Frag[] } {
  return { next, frags: [{ text, kind: 'abbreviation', start: token.start, end: token.end }] }
}

export const abbreviationRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token) return null
  const word = token.text
  const context = contextual(ctx, i, word)
  if (context) {
    const read = single(token, context.text, i + 1)
    // Read by the most common meaning with nothing around to say so: the studio asks first.
    if (!context.sure) read.frags[0]!.doubt = 'ambiguous-abbreviation'
    return read
  }
  const direct = ABBREVIATIONS[word]
  if (direct !== undefined) {
    const prefix = TITLE_PREFIXES.has(word)
    const withDot = prefix && dotBelongs(ctx, i)
    if (SINGLE_LETTER_PREFIXES.has(word) || /^(tp|tt|tx|TT|tr|Tr|kp|Kp|KP)$/.test(word)) {
      // Letters and lowercase prefixes are initials or words unless a dot ties them to what follows; a
      // neighbourhood (khu phố) is numbered, so "KP 3" needs no dot.
      const numbered = /^(kp|Kp|KP)$/.test(word) && /^\d{1,3}$/.test(nextText(ctx, i))
      if (!withDot && !numbered) return null
    }
    if (withDot) {
      const dot = ctx.tokens[i + 1]!
      return {
        next: i + 2,
        frags: [{ text: direct, kind: 'abbreviation', start: token.start, end: dot.end }],
      }
    }
    return single(token, direct, i + 1)
  }
  // Q3, P12: a district/ward prefix glued to its number.
  const glued = /^([QP])(\d{1,2})$/.exec(word)
  // "biến chủng P1", "mẫu P2": after a kind of thing, P with a number is a code, not a ward.
  const codeAfter = /^(chủng|thể|mẫu|dòng|mã|hiệu|loại|bản|máy|tàu|xe|model)$/
  // "Lenovo P2", "Huawei P30": after a brand written in plain Latin letters it is the model, not a ward.
  let b = i - 1
  while (ctx.tokens[b]?.type === 'space') b--
  const afterBrand = /^[A-Z][a-z]{3,}$/.test(ctx.tokens[b]?.text ?? '')
  if (glued && !(glued[1] === 'P' && (codeAfter.test(adjacentPreviousWord(ctx, i)) || afterBrand))) {
    const prev = adjacentPreviousWord(ctx, i)
    const quarter =
      glued[1] === 'Q' && Number(glued[2]) <= 4 && /^(quý|doanh|thu|lợi|nhuận|trong)$/.test(prev)
    const name = quarter ? 'quý' : glued[1] === 'Q' ? 'quận' : 'phường'
    return single(token, `${name} ${readIntegerDigits(glued[2] ?? '', ctx.words)}`, i + 1)
  }
  // "P.T.M", "T.V.A": a person's initials are spelled, never a ward or a title.
  if (/^(?:[A-ZĐ]\.){2,}[A-ZĐ]?$/u.test(word)) {
    const letters = word.replace(/\./g, '').split('')
    return single(token, letters.map((l) => letterName(l) ?? l).join(' '), i + 1)
  }
  // GS.TS, PGS.TS, Q.3, P.7, TP.Huế: dotted chains starting with a title prefix.
  if (word.includes('.')) {
    const parts = word.split('.').filter((p) => p !== '')
    const head = parts[0] ?? ''
    if (parts.length >= 2 && parts.length <= 4 && TITLE_PREFIXES.has(head)) {
      const readings = [ABBREVIATIONS[head] ?? head]
      for (const part of parts.slice(1)) {
        const r = readPart(ctx, part, head)
        if (r === null) return null
        readings.push(r)
      }
      return single(token, readings.join(' '), i + 1)
    }
  }
  return null
}
