'use client'
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'

export interface TabItem<V extends string> {
  value: V
  label: ReactNode
}

/**
 * Tabs (WAI-ARIA tabs pattern, automatic activation): one tab stop for the whole list; Left/Right (and Home/End)
 * move and select; the panel below is labelled by the selected tab. `children` is the selected tab's panel.
 */
export function Tabs<V extends string>({
  label,
  items,
  value,
  onChange,
  children,
  className,
  appearance = 'line',
}: {
  /** Underlined tabs (default), or pills for a short choice of views on a marketing page. */
  appearance?: 'line' | 'pills'
  /** The tab list's accessible name. */
  label: string
  items: readonly TabItem<V>[]
  value: V
  onChange: (value: V) => void
  children: ReactNode
  className?: string
}) {
  const base = useId()
  const refs = useRef(new Map<V, HTMLButtonElement>())
  const tabId = (v: V) => `${base}-tab-${v}`
  const panelId = `${base}-panel`

  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.value === value)
    const last = items.length - 1
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    if (next === null) return
    event.preventDefault()
    const target = items[next]!.value
    onChange(target)
    refs.current.get(target)?.focus()
  }

  return (
    <div className={['ui-tabs', `ui-tabs-${appearance}`, className].filter(Boolean).join(' ')}>
      <div role="tablist" aria-label={label} className="ui-tablist" onKeyDown={keyDown}>
        {items.map((item) => {
          const selected = item.value === value
          return (
            <button
              key={item.value}
              ref={(element) => {
                if (element) refs.current.set(item.value, element)
                else refs.current.delete(item.value)
              }}
              type="button"
              role="tab"
              id={tabId(item.value)}
              className="ui-tab"
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.value)}
            >
              {item.label}
            </button>
          )
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} className="ui-tabpanel" tabIndex={0}>
        {children}
      </div>
    </div>
  )
}
