/**
 * What a paste into the studio editor holds, as paragraphs: blank lines split paragraphs; from a web page (HTML
 * on the clipboard) each block — paragraph, heading, list item, quote — is its own; in Markdown a heading line
 * starts a new paragraph (its `#` marks are not read). One block only: the browser's own paste is left alone.
 */
const BLOCK = 'p|h[1-6]|li|div|blockquote|section|article|header|footer|tr|dd|dt|pre|figcaption'
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })

/** Text of pasted HTML with a blank line between blocks (scripts, styles and comments dropped). */
export const htmlToText = (html: string): string =>
  decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style|head|title)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/\s+/g, ' ')
      .replace(new RegExp(`<\\/?(?:${BLOCK})\\b[^>]*>`, 'gi'), '\n\n')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .split('\n')
    .map((line) => line.trim())
    .join('\n')

/** Markdown headings (`# Chương 1`) stand alone, without their marks. */
const markdownHeadings = (text: string): string =>
  text.replace(/^[ \t]{0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/gm, (_, heading: string) => `\n${heading}\n`)

/** The paragraphs of a paste, or null when it is one block (then the browser pastes as usual). */
export const pastedParagraphs = (plain: string, html = ''): string[] | null => {
  const fromHtml = /<\s*(?:p|h[1-6]|li|div|br)\b/i.test(html) ? htmlToText(html) : ''
  const source = fromHtml.trim() ? fromHtml : markdownHeadings(plain.replace(/\r\n?/g, '\n'))
  const parts = source
    .split(/\n[ \t\u00a0]*\n/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
  return parts.length > 1 ? parts : null
}
