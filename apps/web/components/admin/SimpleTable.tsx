import type { ReactNode } from 'react'
import { EmptyState } from '@/components/ui/EmptyState'
import { Table } from '@/components/ui/Table'

/** A titled back-office table (the design system's Table: scrolls in its own box at 360 px); `empty` when no rows. */
export function SimpleTable<Row>({
  title,
  testId,
  columns,
  rows,
  rowKey,
  empty,
  footer,
}: {
  title: string
  testId?: string
  columns: { label: string; cell: (row: Row) => ReactNode; numeric?: boolean }[]
  rows: Row[]
  rowKey: (row: Row) => string
  empty: string
  footer?: ReactNode
}) {
  return (
    <section className="admin-section" data-testid={testId}>
      <h2>{title}</h2>
      <Table
        caption={title}
        captionHidden
        columns={columns.map((c) => ({
          key: c.label,
          label: c.label,
          cell: c.cell,
          align: c.numeric ? 'end' : 'start',
        }))}
        rows={rows}
        rowKey={rowKey}
        empty={<EmptyState title={empty} />}
      />
      {footer}
    </section>
  )
}
