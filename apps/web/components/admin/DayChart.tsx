'use client'
import type { DashboardDay } from './admin-api'

/**
 * One metric per day as bars (plain SVG, the console's usage-chart approach) with the same numbers in a data table
 * beside it. The SVG is an image named by its title and described by a sentence (range, total, peak).
 */
export function DayChart({
  id,
  title,
  days,
  metric,
  format,
  describe,
  dateLabel,
}: {
  id: string
  title: string
  days: DashboardDay[]
  metric: string
  format: (n: number) => string
  describe: (values: { total: string; max: string }) => string
  dateLabel: string
}) {
  const values = days.map((d) => Number(d[metric] ?? 0))
  const top = Math.max(1, ...values)
  const total = values.reduce((a, b) => a + b, 0)
  const step = 10
  return (
    <section className="admin-chart" aria-labelledby={`${id}-heading`} data-testid={`chart-${metric}`}>
      <h3 id={`${id}-heading`}>{title}</h3>
      <div className="admin-chart-body">
        <figure className="admin-chart-figure">
          <svg
            viewBox={`0 0 ${days.length * step} 100`}
            preserveAspectRatio="none"
            role="img"
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-desc`}
          >
            <title id={`${id}-title`}>{title}</title>
            <desc id={`${id}-desc`}>
              {describe({ total: format(total), max: format(Math.max(0, ...values)) })}
            </desc>
            {days.map((d, i) => {
              const h = (values[i]! / top) * 96
              return (
                <rect key={d.date} x={i * step + 1.5} y={100 - h} width={step - 3} height={h}>
                  <title>{`${d.date}: ${format(values[i]!)}`}</title>
                </rect>
              )
            })}
            <line x1={0} x2={days.length * step} y1={99.5} y2={99.5} className="admin-chart-base" />
          </svg>
          <figcaption className="admin-chart-axis muted" aria-hidden="true">
            <span>{days[0]?.date}</span>
            <span>{days.at(-1)?.date}</span>
          </figcaption>
        </figure>
        <div className="admin-table-wrap admin-chart-table">
          <table>
            <thead>
              <tr>
                <th scope="col">{dateLabel}</th>
                <th scope="col">{title}</th>
              </tr>
            </thead>
            <tbody>
              {days
                .map((d, i) => (
                  <tr key={d.date}>
                    <td>{d.date}</td>
                    <td className="num">{format(values[i]!)}</td>
                  </tr>
                ))
                .reverse()}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  )
}
