import type { ReactNode } from 'react'
import Link from 'next/link'
import { parseInline, parseMarkdown, type Block } from '@/lib/docs/markdown'
import { CodeBlock } from './CodeBlock'

/** Inline marks as React elements; links inside the site stay client-side. */
export const inline = (text: string): ReactNode[] =>
  parseInline(text).map((part, index) => {
    if (part.kind === 'code') return <code key={index}>{part.text}</code>
    if (part.kind === 'strong') return <strong key={index}>{part.text}</strong>
    if (part.kind === 'link')
      return part.href.startsWith('/') ? (
        <Link key={index} href={part.href}>
          {part.text}
        </Link>
      ) : (
        <a key={index} href={part.href} rel="noopener noreferrer">
          {part.text}
        </a>
      )
    return part.text
  })

/** Labels the guide's page gives its blocks (translated). */
export interface MarkdownLabels {
  /** Over an answer the previous request gets (` ```json response `). */
  response: string
}

const render = (block: Block, index: number, labels: MarkdownLabels): ReactNode => {
  switch (block.kind) {
    case 'heading': {
      const Tag = (['h1', 'h2', 'h3'] as const)[block.level - 1]!
      return (
        <Tag key={index} id={block.id}>
          {inline(block.text)}
        </Tag>
      )
    }
    case 'paragraph':
      return <p key={index}>{inline(block.text)}</p>
    case 'list': {
      const Tag = block.ordered ? 'ol' : 'ul'
      return (
        <Tag key={index}>
          {block.items.map((item, i) => (
            <li key={i}>{inline(item)}</li>
          ))}
        </Tag>
      )
    }
    case 'table':
      return (
        <div key={index} className="docs-table" tabIndex={0}>
          <table>
            <thead>
              <tr>
                {block.header.map((cell, i) => (
                  <th key={i}>{inline(cell)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) => (
                    <td key={i}>{inline(cell)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )
    case 'code':
      return (
        <CodeBlock
          key={index}
          code={block.code}
          language={block.language}
          label={block.meta.response !== undefined ? labels.response : undefined}
        />
      )
    case 'sides':
      return (
        <div key={index} className="docs-sides" data-testid="docs-sides">
          {block.panes.map((pane, i) => (
            <CodeBlock key={i} code={pane.code} language={pane.language} label={pane.label} />
          ))}
        </div>
      )
  }
}

/** A guide's Markdown as the site's elements. */
export function Markdown({ source, labels }: { source: string; labels: MarkdownLabels }) {
  return <div className="docs-prose">{parseMarkdown(source).map((block, i) => render(block, i, labels))}</div>
}
