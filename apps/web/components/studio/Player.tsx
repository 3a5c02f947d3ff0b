'use client'
import { useEffect, useRef, useState } from 'react'
import type WaveSurfer from 'wavesurfer.js'
import { useTranslations } from '@/components/i18n/client-i18n'
import { useAppStore } from '@/lib/store/app-store'
import { formatDuration, sentenceAt } from '@/lib/studio/text'
import type { Timeline } from '@/lib/studio/api'

const RATES = [0.75, 1, 1.25, 1.5, 2] as const

/**
 * The waveform player (wavesurfer.js) of the studio. It plays `audio` (a request's signed link; a new `id` loads
 * again even when the link is the same) and reports the spoken sentence (from the timeline) to its parent; its box keeps one height whether audio is
 * loaded or not, so nothing moves when the audio arrives.
 */
export function Player({
  audio,
  timeline,
  onSentence,
}: {
  audio: { id: string; url: string } | null
  timeline: Timeline | null
  onSentence: (index: number) => void
}) {
  const t = useTranslations('studio.player')
  const audioUrl = audio?.url ?? null
  const audioId = audio?.id ?? null
  const container = useRef<HTMLDivElement>(null)
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
      instance = WS.create({
        container: container.current,
        url: audioUrl,
        height: 72,
        waveColor: '#c4b5fd',
        progressColor: '#5b21b6',
        cursorColor: '#be185d',
        barWidth: 2,
        barGap: 1,
        normalize: true,
      })
      wave.current = instance
      instance.on('ready', (d) => {
        setDuration(d)
        setReady(true)
      })
      instance.on('play', () => {
        setPlaying(true)
        useAppStore.getState().updateSelectedVoice({ isPlaying: true })
      })
      instance.on('pause', () => {
        setPlaying(false)
        useAppStore.getState().updateSelectedVoice({ isPlaying: false })
      })
      instance.on('error', () => setFailed(true))
      instance.on('timeupdate', (seconds) => {
        setTime(seconds)
        useAppStore.getState().updateCurrentTime(seconds)
        const index = sentenceAt(sentences.current, seconds * 1000)
        if (index !== lastSentence.current) {
          lastSentence.current = index
          report.current(index)
        }
      })
    })
    return () => {
      cancelled = true
      instance?.destroy()
      wave.current = null
      report.current(-1)
    }
  }, [audioUrl, audioId])

  const seek = (seconds: number) => {
    const w = wave.current
    if (!w || !duration) return
    w.setTime(Math.max(0, Math.min(duration, seconds)))
  }

  return (
    <section className="studio-player" aria-label={t('label')} data-testid="player">
      <div ref={container} className="studio-wave" data-ready={ready ? 'true' : 'false'} aria-hidden="true" />
      {/* One line always reserved below the waveform: nothing moves when the audio arrives or fails. */}
      <p className="muted studio-wave-empty" role={failed ? 'alert' : undefined}>
        {failed ? t('failed') : audioUrl ? '\u00a0' : t('empty')}
      </p>
      <div className="studio-player-controls">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!ready}
          onClick={() => void wave.current?.playPause()}
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
          <select
            value={rate}
            onChange={(e) => {
              const next = Number(e.target.value)
              setRate(next)
              wave.current?.setPlaybackRate(next, true)
            }}
          >
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
