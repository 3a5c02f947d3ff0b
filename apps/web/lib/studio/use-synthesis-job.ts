'use client'
/**
 * One synthesis at a time: create it, follow its progress over server-sent events until the `done` event (which
 * carries the finished request, links included: nothing is read again), cancel it, and show a finished request
 * (its audio link and timeline) in the result panel. While it renders, its published MP3 parts play at once
 * (useLiveParts, issue 31) and the finished file completes that playback.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { fetchJson, parseSynthesisEvent, type StudioApi, type Synthesis, type Timeline } from './api'
import { useLiveParts } from './use-live-parts'

export interface Job {
  id: string
  progress: number
  status: Synthesis['status']
}

export interface SynthesisJobEvents {
  /** A request ended (success, failure or cancel): history and balance change. */
  onSettled: () => void
  onSuccess: () => void
  onFailure: (errorCode: string) => void
  onError: (error: unknown) => void
}

export function useSynthesisJob(api: StudioApi, events: SynthesisJobEvents) {
  const [job, setJob] = useState<Job | null>(null)
  const [result, setResult] = useState<Synthesis | null>(null)
  const [timeline, setTimeline] = useState<Timeline | null>(null)
  const source = useRef<EventSource | null>(null)
  const parts = useLiveParts(api)
  const { begin: beginParts, offer: offerPart, finish: finishParts, stop: stopParts } = parts
  const on = useRef(events)
  useEffect(() => {
    on.current = events
  }, [events])

  const stop = () => {
    source.current?.close()
    source.current = null
  }
  useEffect(() => stop, [])

  /** Shows a finished request: its audio in the player, its timeline for the spoken sentence. */
  const show = useCallback(async (done: Synthesis) => {
    setResult(done)
    setTimeline(null)
    if (!done.timelineLink) return
    try {
      setTimeline(await fetchJson<Timeline>(done.timelineLink))
    } catch {
      setTimeline(null)
    }
  }, [])

  const finish = useCallback(
    async (detail: Synthesis) => {
      setJob(null)
      on.current.onSettled()
      if (detail.status === 'SUCCESS') {
        on.current.onSuccess()
        // The downloads come now; the parts playing (if any) are completed by the file without a pause.
        void finishParts(detail)
        await show(detail)
      } else {
        stopParts()
        if (detail.status === 'FAILURE') on.current.onFailure(detail.errorCode ?? 'INTERNAL_ERROR')
      }
    },
    [show, finishParts, stopParts],
  )

  const follow = useCallback(
    async (created: Synthesis) => {
      stop()
      setJob({ id: created.requestId, progress: created.progress, status: created.status })
      beginParts(created.requestId)
      const es = new EventSource(await api.eventsUrl(created.requestId))
      source.current = es
      es.addEventListener('progress', ((e: MessageEvent<string>) => {
        const raw = JSON.parse(e.data) as {
          progress: number
          status: Synthesis['status']
          audio_parts?: number
        }
        setJob({ id: created.requestId, progress: raw.progress, status: raw.status })
        if (raw.audio_parts) offerPart(created.requestId, raw.audio_parts)
      }) as EventListener)
      es.addEventListener('done', ((e: MessageEvent<string>) => {
        stop()
        try {
          void finish(parseSynthesisEvent(e.data))
        } catch (error) {
          setJob(null)
          on.current.onError(error)
        }
      }) as EventListener)
      es.onerror = () => {
        // The browser reconnects by itself; a stream closed before `done` is read once to learn the end.
        if (es.readyState !== EventSource.CLOSED || source.current !== es) return
        source.current = null
        api
          .synthesis(created.requestId)
          .then((detail) => (detail.status === 'IN_PROGRESS' ? undefined : finish(detail)))
          .catch(on.current.onError)
      }
    },
    [api, finish, beginParts, offerPart],
  )

  return {
    job,
    result,
    timeline,
    /** The synthesis heard while it renders (null: none, or the player loads the finished file itself). */
    live: parts.live,
    /** Shows a request from the history (whatever was playing from parts stops). */
    show: useCallback(
      (done: Synthesis) => {
        stopParts()
        return show(done)
      },
      [stopParts, show],
    ),
    /** Sends the request and follows it; errors (credits, limits) go to `onError`. */
    start: async (body: Parameters<StudioApi['synthesize']>[0]) => {
      try {
        await follow(await api.synthesize(body))
      } catch (error) {
        on.current.onError(error)
      }
    },
    /** Cancels the running request (its credits are released). Resolves true when it was cancelled. */
    cancel: async (): Promise<boolean> => {
      if (!job) return false
      try {
        await api.remove(job.id)
        stop()
        stopParts()
        setJob(null)
        on.current.onSettled()
        return true
      } catch (error) {
        on.current.onError(error)
        return false
      }
    },
  }
}
