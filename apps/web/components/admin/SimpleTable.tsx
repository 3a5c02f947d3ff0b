import type { ReactNode } from 'react'

/** A titled, horizontally scrollable table (usable at 360 px); `empty` when there are no rows. */
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
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <div className="admin-table-wrap">
          <table>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.label} scope="col">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <td key={c.label} className={c.numeric ? 'num' : undefined}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {footer}
    </section>
  )
}
