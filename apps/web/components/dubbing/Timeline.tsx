'use client'
import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { Button } from '@/components/ui/Button'
import { IconButton } from '@/components/ui/IconButton'
import { clock, type DubbingLine } from '@/lib/dubbing/api'
import {
  fittingZoom,
  lanesOf,
  msToPx,
  pxToMs,
  rulerTicks,
  timelineLength,
  zoomStep,
  type FitTone,
  type Timing,
} from '@/lib/dubbing/timeline'
import { Playhead, PlayTime, useMediaPlaying } from './Playhead'
import { TimelineBlock } from './TimelineBlock'
import { Waveform } from './Waveform'

const TONES: FitTone[] = ['fits', 'faster', 'borrowed', 'unresolved', 'none']

/**
 * The lines on a time ruler, one lane per speaker, coloured by how they fitted; the sound's waveform on top when
 * there is no picture. Zoom in and out, scroll sideways, click the ruler to play from there; the playhead follows.
 */
export function Timeline({
  lines,
  speakers,
  mediaMs,
  media,
  waveUrl,
  selectedId,
  onSelect,
  onRetime,
}: {
  lines: DubbingLine[]
  speakers: string[]
  mediaMs: number | null
  media: HTMLMediaElement | null
  /** The sound to draw as a waveform (no picture to show); null draws none. */
  waveUrl: string | null
  selectedId: string | null
  onSelect: (lineId: string) => void
  onRetime: (line: DubbingLine, timing: Timing) => Promise<boolean>
}) {
  const t = useTranslations('dubbing')
  const scroller = useRef<HTMLDivElement | null>(null)
  const lengthMs = timelineLength(lines, mediaMs)
  const lanes = useMemo(() => lanesOf(lines, speakers), [lines, speakers])
  const [pxPerSecond, setPxPerSecond] = useState<number | null>(null)
  const playing = useMediaPlaying(media)

  // The first view shows the whole length where it fits; the user zooms from there.
  useEffect(() => {
    if (pxPerSecond === null && scroller.current)
      setPxPerSecond(fittingZoom(lengthMs, scroller.current.clientWidth - 16))
  }, [pxPerSecond, lengthMs])
  const pps = pxPerSecond ?? 40
  const width = msToPx(lengthMs, pps) + 16

  const playFrom = (event: PointerEvent<HTMLDivElement>) => {
    if (!media) return
    const ms = pxToMs(event.clientX - event.currentTarget.getBoundingClientRect().left, pps)
    media.currentTime = Math.min(lengthMs, Math.max(0, ms)) / 1000
    void media.play().catch(() => undefined)
  }
  const toggle = () => {
    if (!media) return
    if (media.paused) void media.play().catch(() => undefined)
    else media.pause()
  }

  return (
    <section className="dub-timeline" aria-label={t('timeline.label')} data-testid="dub-timeline">
      <div className="dub-tl-toolbar">
        <Button variant="primary" size="sm" onClick={toggle} disabled={!media} data-testid="dub-play">
          {playing ? t('timeline.pause') : t('timeline.play')}
        </Button>
        <PlayTime media={media} />
        <span className="dub-tl-zoom" role="group" aria-label={t('timeline.zoom')}>
          <IconButton
            variant="secondary"
            size="sm"
            label={t('timeline.zoomOut')}
            onClick={() => setPxPerSecond(zoomStep(pps, -1))}
          >
            −
          </IconButton>
          <Button
            size="sm"
            onClick={() => setPxPerSecond(fittingZoom(lengthMs, (scroller.current?.clientWidth ?? 600) - 16))}
          >
            {t('timeline.zoomFit')}
          </Button>
          <IconButton
            variant="secondary"
            size="sm"
            label={t('timeline.zoomIn')}
            onClick={() => setPxPerSecond(zoomStep(pps, 1))}
          >
            +
          </IconButton>
        </span>
      </div>
      <ul className="dub-tl-legend" aria-label={t('timeline.legend')}>
        {TONES.map((tone) => (
          <li key={tone}>
            <span className={`dub-swatch dub-tone-${tone}`} aria-hidden="true" />
            {t(`timeline.tone_${tone}`)}
          </li>
        ))}
      </ul>
      <div className="dub-tl-body">
        <div className="dub-tl-labels" aria-hidden="true">
          <div className="dub-tl-ruler-label" />
          {waveUrl && <div className="dub-tl-wave-label">{t('timeline.sound')}</div>}
          {lanes.map((lane) => (
            <div key={lane.speaker ?? ''} className="dub-tl-lane-label">
              {lane.speaker ?? t('timeline.noSpeaker')}
            </div>
          ))}
        </div>
        <div className="dub-tl-scroll" ref={scroller} tabIndex={-1}>
          <div className="dub-tl-content" style={{ width }}>
            <div
              className="dub-tl-ruler"
              onPointerDown={playFrom}
              title={t('timeline.rulerHint')}
              data-testid="dub-ruler"
            >
              {rulerTicks(lengthMs, pps).map((ms) => (
                <span key={ms} className="dub-tick" style={{ left: msToPx(ms, pps) }}>
                  {clock(ms).replace(/\.0$/, '')}
                </span>
              ))}
            </div>
            {waveUrl && <Waveform url={waveUrl} pxPerSecond={pps} label={t('timeline.sound')} />}
            {lanes.map((lane) => (
              <div
                key={lane.speaker ?? ''}
                className="dub-lane"
                role="group"
                aria-label={
                  lane.speaker ? t('timeline.lane', { speaker: lane.speaker }) : t('timeline.noSpeaker')
                }
                data-testid="dub-lane"
              >
                {lane.lines.map((line) => (
                  <TimelineBlock
                    key={line.id}
                    line={line}
                    lane={lane.lines}
                    lengthMs={lengthMs}
                    pxPerSecond={pps}
                    selected={line.id === selectedId}
                    onSelect={() => onSelect(line.id)}
                    onRetime={(timing) => onRetime(line, timing)}
                  />
                ))}
              </div>
            ))}
            <Playhead media={media} pxPerSecond={pps} scroller={scroller} />
          </div>
        </div>
      </div>
      <p className="dub-hint">{t('timeline.hint')}</p>
    </section>
  )
}
