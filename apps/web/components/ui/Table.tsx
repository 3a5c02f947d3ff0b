import { useId, type ReactNode } from 'react'

export interface TableColumn<Row> {
  key: string
  label: ReactNode
  cell: (row: Row) => ReactNode
  /** Numbers and money align right so their digits line up. */
  align?: 'start' | 'end'
}

/**
 * A data table with a caption (its accessible name), header cells scoped to columns, and a horizontal scroll
 * of its own at narrow widths so the page never scrolls sideways at 360 px. `empty` shows when there are no rows.
 */
export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  captionHidden = false,
  className,
}: {
  caption: ReactNode
  columns: readonly TableColumn<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string
  empty?: ReactNode
  captionHidden?: boolean
  className?: string
}) {
  const captionId = useId()
  if (rows.length === 0 && empty) return <>{empty}</>
  return (
    // a focusable, named scroll region, so keyboard users can scroll a wide table (axe: scrollable-region-focusable)
    <div
      className={['ui-table-wrap', className].filter(Boolean).join(' ')}
      tabIndex={0}
      role="region"
      aria-labelledby={captionId}
    >
      <table className="ui-table">
        <caption id={captionId} className={captionHidden ? 'sr-only' : undefined}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.align === 'end' ? 'ui-num' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} className={column.align === 'end' ? 'ui-num' : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
