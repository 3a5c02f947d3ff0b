/**
 * The guides' Markdown (content/docs/<locale>/<slug>.md), read into blocks the site renders as React elements (no
 * HTML is injected): `#`–`###` headings, paragraphs, `-` and `1.` lists, `|` tables and fenced code. A fence's info
 * is `language key=value…`: `side=Vbee` puts consecutive fences side by side under their labels; the examples test
 * (apps/api/src/docs-examples) reads the other keys (`run`, `expect=…`, `save=…`, `response`, `theirs`).
 */

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string; id: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'table'; header: string[]; rows: string[][] }
  | { kind: 'code'; language: string; meta: Record<string, string>; code: string }
  | { kind: 'sides'; panes: { label: string; language: string; code: string }[] }

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'link'; text: string; href: string }

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/** `sh run expect=200 save=ID:requestId` → language `sh`, meta `{run: '', expect: '200', save: 'ID:requestId'}`. */
export const readFenceInfo = (info: string): { language: string; meta: Record<string, string> } => {
  const [language = '', ...rest] = info.trim().split(/\s+/)
  const meta = Object.fromEntries(
    rest.filter(Boolean).map((word) => {
      const at = word.indexOf('=')
      return at < 0 ? [word, ''] : [word.slice(0, at), word.slice(at + 1)]
    }),
  )
  return { language, meta }
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim())

/** Consecutive fences with `side=` become one side-by-side block. */
const joinSides = (blocks: Block[]): Block[] =>
  blocks.reduce<Block[]>((out, block) => {
    if (block.kind !== 'code' || block.meta.side === undefined) return [...out, block]
    const pane = { label: block.meta.side.replace(/_/g, ' '), language: block.language, code: block.code }
    const last = out[out.length - 1]
    if (last?.kind === 'sides') last.panes.push(pane)
    else out.push({ kind: 'sides', panes: [pane] })
    return out
  }, [])

export const parseMarkdown = (source: string): Block[] => {
  const lines = source.replace(/\r\n/g, '\n').split('\n')
  const blocks: Block[] = []
  let i = 0
  const until = (stop: (line: string) => boolean) => {
    const taken: string[] = []
    while (i < lines.length && !stop(lines[i]!)) taken.push(lines[i++]!)
    return taken
  }
  while (i < lines.length) {
    const line = lines[i]!
    const fence = /^```(.*)$/.exec(line)
    const heading = /^(#{1,3})\s+(.*)$/.exec(line)
    if (fence) {
      i += 1
      const code = until((l) => l.startsWith('```'))
      i += 1
      blocks.push({ kind: 'code', ...readFenceInfo(fence[1] ?? ''), code: code.join('\n') })
    } else if (heading) {
      const text = heading[2]!.trim()
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2 | 3, text, id: slug(text) })
      i += 1
    } else if (/^\s*$/.test(line)) {
      i += 1
    } else if (/^\|/.test(line)) {
      const rows = until((l) => !/^\|/.test(l)).map(cells)
      blocks.push({ kind: 'table', header: rows[0] ?? [], rows: rows.slice(2) })
    } else if (/^(-|\d+\.)\s/.test(line)) {
      const ordered = /^\d+\./.test(line)
      const items = until((l) => !/^(-|\d+\.)\s|^\s{2,}\S/.test(l)).reduce<string[]>((out, l) => {
        if (/^\s{2,}\S/.test(l)) out[out.length - 1] += ` ${l.trim()}`
        else out.push(l.replace(/^(-|\d+\.)\s+/, ''))
        return out
      }, [])
      blocks.push({ kind: 'list', ordered, items })
    } else {
      const text = until((l) => /^\s*$|^```|^#{1,3}\s|^\||^(-|\d+\.)\s/.test(l))
      blocks.push({ kind: 'paragraph', text: text.join(' ') })
    }
  }
  return joinSides(blocks)
}

/** Inline marks of a line: `code`, **strong** and [links](url). */
export const parseInline = (text: string): Inline[] => {
  const out: Inline[] = []
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g
  let last = 0
  for (const match of text.matchAll(pattern)) {
    if (match.index! > last) out.push({ kind: 'text', text: text.slice(last, match.index) })
    if (match[1] !== undefined) out.push({ kind: 'code', text: match[1] })
    else if (match[2] !== undefined) out.push({ kind: 'strong', text: match[2] })
    else out.push({ kind: 'link', text: match[3]!, href: match[4]! })
    last = match.index! + match[0].length
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) })
  return out
}
