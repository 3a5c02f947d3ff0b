'use client'
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'

const MARGIN = 8
const GAP = 6

/**
 * The reading of a highlighted word, shown while the word is hovered or focused: a tooltip under the word (above
 * it near the bottom of the window), kept inside the window so it reads whole on a 360 px phone. It follows the
 * word when the page or the preview scrolls.
 */
export function ReadingTip({
  id,
  anchor,
  children,
}: {
  id: string
  anchor: HTMLElement
  children: ReactNode
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [tick, setTick] = useState(0)
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null)

  useEffect(() => {
    const move = () => setTick((n) => n + 1)
    window.addEventListener('scroll', move, true)
    window.addEventListener('resize', move)
    return () => {
      window.removeEventListener('scroll', move, true)
      window.removeEventListener('resize', move)
    }
  }, [])

  useLayoutEffect(() => {
    const tip = ref.current
    if (!tip) return
    const word = anchor.getBoundingClientRect()
    const width = document.documentElement.clientWidth
    const left = Math.max(MARGIN, Math.min(word.left, width - tip.offsetWidth - MARGIN))
    const below = word.bottom + GAP
    const top =
      below + tip.offsetHeight > window.innerHeight - MARGIN
        ? Math.max(MARGIN, word.top - tip.offsetHeight - GAP)
        : below
    setPosition((p) => (p && p.left === left && p.top === top ? p : { left, top }))
  }, [anchor, tick, children])

  return (
    <div
      ref={ref}
      id={id}
      role="tooltip"
      className="studio-reading-tip"
      style={position ?? { left: 0, top: 0, visibility: 'hidden' }}
    >
      {children}
    </div>
  )
}
