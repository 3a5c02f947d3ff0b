'use client'
/**
 * Listening while it renders (issue 31): follows the MP3 parts a running synthesis publishes (`audio_parts` in its
 * progress events), fetches them in order and feeds them to one audio element, which starts playing with the first.
 * When the request is done, the whole file completes the same element, so playback goes on uninterrupted; without
 * MediaSource, or when no part came before the end, the studio plays the finished file as before.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { StudioApi, Synthesis } from './api'
import { createLiveAudio, liveAudioSupported, type LiveAudio } from './live-audio'

/** What the player shows of a synthesis heard while it renders. */
export interface LivePlayback {
  requestId: string
  media: HTMLAudioElement
  /** The whole file once the request is done (its waveform is drawn from it); null while it renders. */
  whole: Uint8Array | null
}

interface Follower {
  id: string
  audio: LiveAudio
  wanted: number
  fetched: number
  running: Promise<void> | null
  stopped: boolean
  started: boolean
}

export function useLiveParts(api: Pick<StudioApi, 'audioPart'>) {
  const [live, setLive] = useState<LivePlayback | null>(null)
  const follower = useRef<Follower | null>(null)

  const stop = useCallback(() => {
    const f = follower.current
    follower.current = null
    if (f) {
      f.stopped = true
      f.audio.dispose()
    }
    setLive(null)
  }, [])
  useEffect(() => stop, [stop])

  const pump = useCallback(
    (f: Follower) => {
      if (f.running || f.stopped) return
      f.running = (async () => {
        while (f.fetched < f.wanted && !f.stopped) {
          const bytes = new Uint8Array(await api.audioPart(f.id, f.fetched))
          if (f.stopped) return
          f.fetched += 1
          await f.audio.append(bytes)
          if (!f.started && !f.stopped) {
            f.started = true
            setLive({ requestId: f.id, media: f.audio.media, whole: null })
            // The click on "synthesize" lets the page play; if the browser still refuses, Play is one click away.
            void f.audio.media.play().catch(() => undefined)
          }
        }
      })()
        // A part that could not be fetched or decoded ends the live path; the finished file still comes.
        .catch(() => {
          f.stopped = true
        })
        .finally(() => {
          f.running = null
          if (f.fetched < f.wanted) pump(f)
        })
    },
    [api],
  )

  return {
    live,
    /** A synthesis was sent: its parts will be followed (the previous playback stops). */
    begin: useCallback(
      (id: string) => {
        stop()
        if (!liveAudioSupported()) return
        follower.current = {
          id,
          audio: createLiveAudio(),
          wanted: 0,
          fetched: 0,
          running: null,
          stopped: false,
          started: false,
        }
      },
      [stop],
    ),
    /** The request now has `count` parts. */
    offer: useCallback(
      (id: string, count: number) => {
        const f = follower.current
        if (!f || f.id !== id || count <= f.wanted) return
        f.wanted = count
        pump(f)
      },
      [pump],
    ),
    /**
     * The request is done: the whole file completes the playing element. Resolves false (and stops) when nothing
     * was playing from parts or the file could not complete it — the player then loads the file itself.
     */
    finish: useCallback(
      async (done: Synthesis): Promise<boolean> => {
        const f = follower.current
        if (!f || f.id !== done.requestId || !f.started || f.stopped || !done.audioLink) {
          stop()
          return false
        }
        // No more parts: the parts may already be removed, and the file holds whatever they would have brought.
        f.wanted = f.fetched
        await f.running
        try {
          const response = await fetch(done.audioLink)
          if (!response.ok) throw new Error(`audio ${response.status}`)
          const whole = new Uint8Array(await response.arrayBuffer())
          if (follower.current !== f) return false
          await f.audio.complete(whole)
          setLive({ requestId: f.id, media: f.audio.media, whole })
          return true
        } catch {
          if (follower.current === f) stop()
          return false
        }
      },
      [stop],
    ),
    stop,
  }
}
