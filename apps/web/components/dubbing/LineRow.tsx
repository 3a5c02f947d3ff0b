'use client'
import type { ComponentProps } from 'react'
import { LineForm } from './LineForm'

/** One line of the list view: its editor, marked while it is being said or when it cannot fit. */
export function LineRow({ active, ...props }: ComponentProps<typeof LineForm> & { active: boolean }) {
  const unresolved = props.line.fit?.action === 'unresolved'
  return (
    <li
      className={`dub-line${active ? ' dub-line-active' : ''}${unresolved ? ' dub-line-unresolved' : ''}`}
      data-testid="dub-line"
    >
      <LineForm {...props} />
    </li>
  )
}
