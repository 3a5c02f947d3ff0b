import type { UsageDay } from '@/lib/studio/api'

type Metric = 'requests' | 'characters'

/**
 * A small bar chart of one metric per day (plain SVG, no chart library). The SVG is an image named by its title
 * and described by a sentence with the range, total and peak; the same numbers are in the data table beside it.
 * Labels are HTML under the drawing so they keep their size when the SVG stretches (360 px to desktop).
 */
export function UsageChart({
  id,
  days,
  metric,
  title,
  description,
  max: maxLabel,
  first,
  last,
  tooltip,
}: {
  id: string
  days: UsageDay[]
  metric: Metric
  title: string
  description: string
  /** The highest value, formatted, shown at the top of the axis. */
  max: string
  first: string
  last: string
  tooltip: (day: UsageDay) => string
}) {
  const top = Math.max(1, ...days.map((d) => d[metric]))
  const step = 10
  return (
    <figure className="console-chart-figure" data-testid={`usage-chart-${metric}`}>
      <figcaption className="console-chart-caption">
        <span>{title}</span>
        <span className="muted">{maxLabel}</span>
      </figcaption>
      <svg
        className={`console-chart console-chart-${metric}`}
        viewBox={`0 0 ${days.length * step} 100`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {days.map((d, i) => {
          const h = (d[metric] / top) * 96
          return (
            <rect key={d.date} x={i * step + 1.5} y={100 - h} width={step - 3} height={h}>
              <title>{tooltip(d)}</title>
            </rect>
          )
        })}
        <line x1={0} x2={days.length * step} y1={99.5} y2={99.5} className="console-chart-base" />
      </svg>
      <div className="console-chart-axis muted" aria-hidden="true">
        <span>{first}</span>
        <span>{last}</span>
      </div>
    </figure>
  )
}
