'use client'
import { useEffect, useState } from 'react'
import { loadPeaks, waveformPath } from '@/lib/dubbing/waveform'

/**
 * The sound's waveform as the timeline's first row, stretched over the sound's own length (`widthPx` at the
 * timeline's zoom). Nothing is drawn while it loads or when the sound cannot be decoded: the lanes still work.
 */
export function Waveform({ url, pxPerSecond, label }: { url: string; pxPerSecond: number; label: string }) {
  const [wave, setWave] = useState<{ path: string; count: number; durationMs: number } | null>(null)
  useEffect(() => {
    const abort = new AbortController()
    setWave(null)
    loadPeaks(url, abort.signal).then(
      ({ peaks, durationMs }) => setWave({ path: waveformPath(peaks), count: peaks.length, durationMs }),
      () => undefined,
    )
    return () => abort.abort()
  }, [url])
  if (!wave) return <div className="dub-wave" />
  return (
    <div className="dub-wave" data-testid="dub-waveform">
      <svg
        width={(wave.durationMs / 1000) * pxPerSecond}
        height="100%"
        viewBox={`0 0 ${Math.max(1, wave.count - 1)} 2`}
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
      >
        <path d={wave.path} />
      </svg>
    </div>
  )
}
