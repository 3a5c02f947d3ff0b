'use client'
import { useEffect, useRef, useState } from 'react'
import type WaveSurfer from 'wavesurfer.js'
import { useTranslations } from '@/components/i18n/client-i18n'
import { useAppStore } from '@/lib/store/app-store'
import { formatDuration, sentenceAt } from '@/lib/studio/text'
import type { Timeline } from '@/lib/studio/api'
import type { LivePlayback } from '@/lib/studio/use-live-parts'

const RATES = [0.75, 1, 1.25, 1.5, 2] as const

const WAVE_STYLE = {
  height: 72,
  waveColor: '#c4b5fd',
  progressColor: '#5b21b6',
  cursorColor: '#be185d',
  barWidth: 2,
  barGap: 1,
  normalize: true,
} as const

/** Peaks of the whole file for the waveform of an element already playing it (decoded at a low rate: a drawing). */
const peaksOf = async (whole: Uint8Array): Promise<{ peaks: Float32Array; duration: number }> => {
  const context = new OfflineAudioContext(1, 1, 8000)
  const buffer = await context.decodeAudioData(whole.slice().buffer)
  return { peaks: buffer.getChannelData(0), duration: buffer.duration }
}

/**
 * The waveform player (wavesurfer.js) of the studio. It plays `audio` (a request's signed link; a new `id` loads
 * again even when the link is the same) and reports the spoken sentence (from the timeline) to its parent; its box
 * keeps one height whether audio is loaded or not, so nothing moves when the audio arrives. With `live` (issue 31)
 * it controls the element already playing the request's parts while it renders, and draws the waveform on that
 * same element once the whole file is there — playback is never reloaded.
 */
export function Player({
  audio,
  live,
  timeline,
  onSentence,
}: {
  audio: { id: string; url: string } | null
  live: LivePlayback | null
  timeline: Timeline | null
  onSentence: (index: number) => void
}) {
  const t = useTranslations('studio.player')
  const audioUrl = live ? null : (audio?.url ?? null)
  const audioId = audio?.id ?? null
  const liveMedia = live?.media ?? null
  const liveWhole = live?.whole ?? null
  const container = useRef<HTMLDivElement>(null)
  const mediaHost = useRef<HTMLDivElement>(null)
  const wave = useRef<WaveSurfer | null>(null)
  const [ready, setReady] = useState(false)
  const [playing, setPlaying] = useState(false)
  const [time, setTime] = useState(0)
  const [duration, setDuration] = useState(0)
  const [rate, setRate] = useState(1)
  const [failed, setFailed] = useState(false)
  const sentences = useRef(timeline?.sentences ?? [])
  const report = useRef(onSentence)
  const lastSentence = useRef(-1)

  useEffect(() => {
    sentences.current = timeline?.sentences ?? []
    report.current = onSentence
  }, [timeline, onSentence])

  /** What the element's position means: the spoken sentence, the app's clock. */
  const onTime = (seconds: number) => {
    setTime(seconds)
    useAppStore.getState().updateCurrentTime(seconds)
    const index = sentenceAt(sentences.current, seconds * 1000)
    if (index !== lastSentence.current) {
      lastSentence.current = index
      report.current(index)
    }
  }
  const onPlaying = (value: boolean) => {
    setPlaying(value)
    useAppStore.getState().updateSelectedVoice({ isPlaying: value })
  }

  // Live: the element playing the parts (kept in the page, hidden, so it can be inspected like any media).
  useEffect(() => {
    if (!liveMedia) return
    const host = mediaHost.current
    host?.appendChild(liveMedia)
    setReady(true)
    setFailed(false)
    setPlaying(!liveMedia.paused)
    setRate(liveMedia.playbackRate)
    lastSentence.current = -1
    const length = () => (Number.isFinite(liveMedia.duration) ? liveMedia.duration : 0)
    const handlers: [string, () => void][] = [
      ['play', () => onPlaying(true)],
      ['pause', () => onPlaying(false)],
      ['timeupdate', () => onTime(liveMedia.currentTime)],
      ['durationchange', () => setDuration(length())],
      ['error', () => setFailed(true)],
    ]
    for (const [name, handler] of handlers) liveMedia.addEventListener(name, handler)
    setDuration(length())
    setTime(liveMedia.currentTime)
    return () => {
      for (const [name, handler] of handlers) liveMedia.removeEventListener(name, handler)
      if (liveMedia.parentNode === host) liveMedia.remove()
      setReady(false)
      setPlaying(false)
      setTime(0)
      setDuration(0)
      report.current(-1)
    }
  }, [liveMedia])

  // Live, whole file there: the waveform is drawn on the element that is playing (no new source, no pause).
  useEffect(() => {
    if (!liveMedia || !liveWhole || !container.current) return
    let cancelled = false
    let instance: WaveSurfer | null = null
    void Promise.all([import('wavesurfer.js'), peaksOf(liveWhole)])
      .then(([{ default: WS }, { peaks, duration: seconds }]) => {
        if (cancelled || !container.current) return
        instance = WS.create({
          ...WAVE_STYLE,
          container: container.current,
          media: liveMedia,
          peaks: [peaks],
          duration: seconds,
        })
        wave.current = instance
        setDuration(seconds)
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
      instance?.destroy()
      wave.current = null
    }
  }, [liveMedia, liveWhole])

  useEffect(() => {
    if (!audioUrl || !container.current) return
    let cancelled = false
    let instance: WaveSurfer | null = null
    setReady(false)
    setPlaying(false)
    setTime(0)
    setFailed(false)
    lastSentence.current = -1
    void import('wavesurfer.js').then(({ default: WS }) => {
      if (cancelled || !container.current) return
      instance = WS.create({ ...WAVE_STYLE, container: container.current, url: audioUrl })
      wave.current = instance
      instance.on('ready', (d) => {
        setDuration(d)
        setReady(true)
      })
      instance.on('play', () => onPlaying(true))
      instance.on('pause', () => onPlaying(false))
      instance.on('error', () => setFailed(true))
      instance.on('timeupdate', onTime)
    })
    return () => {
      cancelled = true
      instance?.destroy()
      wave.current = null
      report.current(-1)
    }
  }, [audioUrl, audioId])

  const seek = (seconds: number) => {
    const to = Math.max(0, Math.min(duration, seconds))
    if (!duration) return
    if (liveMedia) liveMedia.currentTime = to
    else wave.current?.setTime(to)
  }
  const playPause = () => {
    if (!liveMedia) return void wave.current?.playPause()
    if (liveMedia.paused) void liveMedia.play().catch(() => setFailed(true))
    else liveMedia.pause()
  }
  const setSpeed = (next: number) => {
    setRate(next)
    if (liveMedia) {
      liveMedia.playbackRate = next
      liveMedia.preservesPitch = true
    } else wave.current?.setPlaybackRate(next, true)
  }
  const hint = failed
    ? t('failed')
    : live && !liveWhole
      ? t('rendering')
      : audio || live
        ? '\u00a0'
        : t('empty')

  return (
    <section className="studio-player" aria-label={t('label')} data-testid="player">
      <div ref={container} className="studio-wave" data-ready={ready ? 'true' : 'false'} aria-hidden="true" />
      <div
        ref={mediaHost}
        hidden
        data-testid="live-audio"
        data-live={live ? (liveWhole ? 'complete' : 'rendering') : 'none'}
      />
      {/* One line always reserved below the waveform: nothing moves when the audio arrives or fails. */}
      <p className="muted studio-wave-empty" role={failed ? 'alert' : undefined}>
        {hint}
      </p>
      <div className="studio-player-controls">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!ready}
          onClick={playPause}
          aria-pressed={playing}
        >
          {playing ? t('pause') : t('play')}
        </button>
        <label className="studio-seek">
          <span className="sr-only">{t('seek')}</span>
          <input
            type="range"
            min={0}
            max={Math.max(duration, 0.001)}
            step={0.1}
            value={Math.min(time, duration)}
            disabled={!ready}
            onChange={(e) => seek(Number(e.target.value))}
            aria-valuetext={`${formatDuration(time * 1000)} / ${formatDuration(duration * 1000)}`}
          />
        </label>
        <span className="studio-time" data-testid="player-time">
          {formatDuration(time * 1000)} / {formatDuration(duration * 1000)}
        </span>
        <label className="studio-rate">
          {t('speed')}{' '}
          <select value={rate} onChange={(e) => setSpeed(Number(e.target.value))}>
            {RATES.map((r) => (
              <option key={r} value={r}>
                {r}×
              </option>
            ))}
          </select>
        </label>
      </div>
    </section>
  )
}
