import { Parser } from 'htmlparser2'
import type { Block } from './types.ts'

/** Elements whose start or end closes the running paragraph (block-level in HTML and XHTML books). */
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'main',
  'nav',
  'blockquote',
  'li',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'pre',
  'table',
  'tr',
  'td',
  'th',
  'figure',
  'figcaption',
  'hr',
  'body',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'loa-title',
])

/** Elements whose text is never read aloud. */
const SILENT_TAGS = new Set([
  'script',
  'style',
  'head',
  'title',
  'template',
  'svg',
  'math',
  'noscript',
  'rt',
  'rp',
])

/** h1…h6; `loa-title` is level 0, the document's own title (Word's Title style, see docx.ts). */
const HEADING = /^(?:h([1-6])|loa-title)$/

/** Whitespace runs (incl. no-break spaces) become one space; zero-width characters go. */
export const tidy = (text: string): string =>
  text
    .replace(/[\u200b-\u200d\ufeff\u00ad]/g, '')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim()

/**
 * The headings and paragraphs of an HTML or XHTML document, in reading order: every block element ends the
 * running text, headings keep their level, scripts/styles/ruby annotations are dropped, entities decoded
 * (htmlparser2 is forgiving, so broken markup from a word processor or a hand-made EPUB still reads).
 */
export const htmlBlocks = (html: string, options: { xml?: boolean } = {}): Block[] => {
  const blocks: Block[] = []
  let text = ''
  let silent = 0
  let heading: number | null = null
  const flush = () => {
    const clean = tidy(text)
    text = ''
    if (!clean) return
    blocks.push(
      heading === null
        ? { kind: 'paragraph', text: clean }
        : { kind: 'heading', level: heading, text: clean },
    )
  }
  const parser = new Parser(
    {
      onopentag(name) {
        const tag = name.toLowerCase().replace(/^.*:/, '')
        if (SILENT_TAGS.has(tag)) silent++
        else if (BLOCK_TAGS.has(tag)) {
          flush()
          const level = HEADING.exec(tag)
          if (level) heading = Number(level[1] ?? 0)
        } else if (tag === 'br') text += ' '
      },
      ontext(chunk) {
        if (silent === 0) text += chunk
      },
      onclosetag(name) {
        const tag = name.toLowerCase().replace(/^.*:/, '')
        if (SILENT_TAGS.has(tag)) silent = Math.max(0, silent - 1)
        else if (BLOCK_TAGS.has(tag)) {
          flush()
          if (HEADING.test(tag)) heading = null
        }
      },
    },
    { decodeEntities: true, xmlMode: options.xml ?? false, recognizeSelfClosing: true },
  )
  parser.write(html)
  parser.end()
  flush()
  return blocks
}
