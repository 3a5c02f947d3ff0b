'use client'
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { clock, type DubbingLine } from '@/lib/dubbing/api'
import { fitTone, msToPx, NUDGE_MS, pxToMs, retime, type DragEdge, type Timing } from '@/lib/dubbing/timeline'

/** A pointer moved less than this (px) is a click, not a drag. */
const DRAG_THRESHOLD_PX = 3

interface Drag {
  edge: DragEdge
  originX: number
  base: Timing
  moved: boolean
  pointerId: number
}

/**
 * One line on the timeline: its body (click or Enter opens it in the side panel; drag or arrow keys move it) and
 * its two edges (drag or arrow keys retime its start or end; reachable by Tab while the line is selected).
 * A change is shown at once and saved when the pointer or the key is released.
 */
export function TimelineBlock({
  line,
  lane,
  lengthMs,
  pxPerSecond,
  selected,
  onSelect,
  onRetime,
}: {
  line: DubbingLine
  /** The lines of the same lane (a line never moves into its neighbours). */
  lane: readonly (Timing & { id: string })[]
  lengthMs: number
  pxPerSecond: number
  selected: boolean
  onSelect: () => void
  onRetime: (timing: Timing) => Promise<boolean>
}) {
  const t = useTranslations('dubbing')
  const [draft, setDraft] = useState<Timing | null>(null)
  const drag = useRef<Drag | null>(null)
  // A saved change comes back as the line's own times: the draft has done its work.
  useEffect(() => setDraft(null), [line.startMs, line.endMs])

  const shown = draft ?? { startMs: line.startMs, endMs: line.endMs }
  const tone = fitTone(line)
  const toneLabel = t(`timeline.tone_${tone}`)
  const changed = (timing: Timing) => timing.startMs !== line.startMs || timing.endMs !== line.endMs
  const commit = (timing: Timing | null) => {
    if (!timing || !changed(timing)) return setDraft(null)
    void onRetime(timing).then((saved) => {
      if (!saved) setDraft(null)
    })
  }

  const pointerDown = (edge: DragEdge) => (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return
    event.stopPropagation()
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { edge, originX: event.clientX, base: shown, moved: false, pointerId: event.pointerId }
  }
  const pointerMove = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current
    if (!d || d.pointerId !== event.pointerId) return
    const dx = event.clientX - d.originX
    if (!d.moved && Math.abs(dx) < DRAG_THRESHOLD_PX) return
    d.moved = true
    setDraft(retime(d.base, d.edge, pxToMs(dx, pxPerSecond), lane, line.id, lengthMs))
  }
  const pointerUp = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current
    if (!d || d.pointerId !== event.pointerId) return
    drag.current = null
    if (d.moved)
      commit(retime(d.base, d.edge, pxToMs(event.clientX - d.originX, pxPerSecond), lane, line.id, lengthMs))
    else onSelect()
  }
  const keyDown = (edge: DragEdge) => (event: KeyboardEvent<HTMLElement>) => {
    if (edge === 'move' && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault()
      return onSelect()
    }
    const direction = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!direction) return
    event.preventDefault()
    setDraft(retime(shown, edge, direction * NUDGE_MS * (event.shiftKey ? 10 : 1), lane, line.id, lengthMs))
  }
  const keyUp = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') commit(draft)
  }
  const handlers = (edge: DragEdge) => ({
    onPointerDown: pointerDown(edge),
    onPointerMove: pointerMove,
    onPointerUp: pointerUp,
    onPointerCancel: () => {
      drag.current = null
      setDraft(null)
    },
    onKeyDown: keyDown(edge),
    onKeyUp: keyUp,
  })
  const edge = (which: 'start' | 'end') => {
    const ms = which === 'start' ? shown.startMs : shown.endMs
    return (
      <span
        className={`dub-block-edge dub-block-${which}`}
        role="slider"
        tabIndex={selected ? 0 : -1}
        aria-label={t(which === 'start' ? 'timeStart' : 'timeEnd', { index: line.index })}
        aria-valuemin={0}
        aria-valuemax={lengthMs}
        aria-valuenow={ms}
        aria-valuetext={clock(ms)}
        data-testid={`dub-block-${which}`}
        {...handlers(which)}
      />
    )
  }
  const left = msToPx(shown.startMs, pxPerSecond)
  return (
    <div
      className={`dub-block dub-tone-${tone}${selected ? ' dub-block-selected' : ''}${draft ? ' dub-block-moving' : ''}`}
      style={{ left, width: Math.max(6, msToPx(shown.endMs, pxPerSecond) - left) }}
      data-testid="dub-block"
      data-line={line.id}
      data-start={shown.startMs}
      data-end={shown.endMs}
    >
      <span
        className="dub-block-body"
        role="button"
        tabIndex={0}
        aria-pressed={selected}
        aria-label={t('timeline.block', {
          index: line.index,
          start: clock(shown.startMs),
          end: clock(shown.endMs),
          fit: toneLabel,
          text: line.speech || line.text,
        })}
        title={`${clock(shown.startMs)}–${clock(shown.endMs)} · ${toneLabel}`}
        {...handlers('move')}
      >
        <span className="dub-block-index">{line.index}</span> {line.speech || line.text}
      </span>
      {edge('start')}
      {edge('end')}
    </div>
  )
}
