'use client'
/**
 * One synthesis at a time: create it, follow its progress over server-sent events until the `done` event (which
 * carries the finished request, links included: nothing is read again), cancel it, and show a finished request
 * (its audio link and timeline) in the result panel.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { fetchJson, parseSynthesisEvent, type StudioApi, type Synthesis, type Timeline } from './api'

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
        await show(detail)
      } else if (detail.status === 'FAILURE') on.current.onFailure(detail.errorCode ?? 'INTERNAL_ERROR')
    },
    [show],
  )

  const follow = useCallback(
    async (created: Synthesis) => {
      stop()
      setJob({ id: created.requestId, progress: created.progress, status: created.status })
      const es = new EventSource(await api.eventsUrl(created.requestId))
      source.current = es
      es.addEventListener('progress', ((e: MessageEvent<string>) => {
        const raw = JSON.parse(e.data) as { progress: number; status: Synthesis['status'] }
        setJob({ id: created.requestId, progress: raw.progress, status: raw.status })
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
    [api, finish],
  )

  return {
    job,
    result,
    timeline,
    show,
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
