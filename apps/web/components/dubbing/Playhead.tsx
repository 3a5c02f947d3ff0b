'use client'
import { useEffect, useState, type RefObject } from 'react'
import { clock } from '@/lib/dubbing/api'
import { msToPx } from '@/lib/dubbing/timeline'

/** The media's position in ms, read every frame while it plays (timeupdate alone comes four times a second). */
export const useMediaClock = (media: HTMLMediaElement | null): { ms: number; playing: boolean } => {
  const [state, setState] = useState({ ms: 0, playing: false })
  useEffect(() => {
    if (!media) return setState({ ms: 0, playing: false })
    let frame = 0
    const read = () => setState({ ms: media.currentTime * 1000, playing: !media.paused && !media.ended })
    const tick = () => {
      read()
      if (!media.paused && !media.ended) frame = requestAnimationFrame(tick)
    }
    const start = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(tick)
    }
    const events = ['play', 'pause', 'seeked', 'timeupdate', 'ended', 'loadedmetadata'] as const
    events.forEach((e) => media.addEventListener(e, e === 'play' ? start : read))
    read()
    return () => {
      cancelAnimationFrame(frame)
      events.forEach((e) => media.removeEventListener(e, e === 'play' ? start : read))
    }
  }, [media])
  return state
}

/** Whether the media plays (without re-rendering every frame, as the clock does). */
export const useMediaPlaying = (media: HTMLMediaElement | null): boolean => {
  const [playing, setPlaying] = useState(false)
  useEffect(() => {
    if (!media) return setPlaying(false)
    const read = () => setPlaying(!media.paused && !media.ended)
    const events = ['play', 'pause', 'ended', 'emptied'] as const
    events.forEach((e) => media.addEventListener(e, read))
    read()
    return () => events.forEach((e) => media.removeEventListener(e, read))
  }, [media])
  return playing
}

/** The line of "now" across the ruler and the lanes; while playing it keeps itself in view (the page follows). */
export function Playhead({
  media,
  pxPerSecond,
  scroller,
}: {
  media: HTMLMediaElement | null
  pxPerSecond: number
  scroller: RefObject<HTMLDivElement | null>
}) {
  const { ms, playing } = useMediaClock(media)
  const x = msToPx(ms, pxPerSecond)
  useEffect(() => {
    const box = scroller.current
    if (!box || !playing) return
    // Page on when the playhead nears the right edge or is out of view on the left.
    if (x > box.scrollLeft + box.clientWidth - 24 || x < box.scrollLeft) box.scrollLeft = Math.max(0, x - 24)
  }, [x, playing, scroller])
  return (
    <div
      className="dub-playhead"
      style={{ transform: `translateX(${x}px)` }}
      data-testid="dub-playhead"
      data-ms={Math.round(ms)}
      aria-hidden="true"
    />
  )
}

/** The position as text beside the play button. */
export function PlayTime({ media }: { media: HTMLMediaElement | null }) {
  const { ms } = useMediaClock(media)
  return (
    <span className="dub-tl-time" data-testid="dub-play-time">
      {clock(ms)}
    </span>
  )
}
