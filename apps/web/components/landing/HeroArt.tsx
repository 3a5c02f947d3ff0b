/** Half-heights of the 48 waveform bars (a spoken phrase: loud syllables, short pauses). */
const BARS = [
  8, 50, 83, 97, 91, 69, 38, 9, 30, 39, 34, 21, 9, 13, 8, 25, 46, 66, 75, 67, 43, 10, 51, 86, 105, 103, 81,
  45, 11, 45, 66, 69, 58, 39, 19, 9, 10, 16, 30, 41, 43, 30, 12, 45, 76, 97, 99, 80,
]
const MIDLINE = 690
/** Round caps add half the stroke width (6) at each end. */
const WAVE = BARS.map((h, i) => {
  const x = Math.round(46 + i * 23.3)
  return `M${x} ${MIDLINE - Math.max(h - 6, 0)}V${MIDLINE + Math.max(h - 6, 0)}`
}).join('')

/**
 * The hero illustration (a microphone over a voice waveform) drawn inline: it paints with the first frame, needs no
 * request, and scales to any screen. Shapes of an inline SVG are not image candidates for the largest contentful
 * paint, so the hero heading is (painted at once, not after an image download).
 */
export function HeroArt({ label }: { label: string }) {
  return (
    <svg
      className="hero-image"
      viewBox="0 0 1200 900"
      width="1200"
      height="900"
      role="img"
      aria-label={label}
      xmlns="http://www.w3.org/2000/svg"
    >
      <defs>
        <linearGradient id="hero-bg" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f5f3ff" />
          <stop offset="1" stopColor="#fcf2f8" />
        </linearGradient>
        <linearGradient id="hero-mic" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#db2777" />
        </linearGradient>
        <linearGradient id="hero-wave" gradientUnits="userSpaceOnUse" x1="0" y1="585" x2="0" y2="795">
          <stop offset="0" stopColor="#9336d0" />
          <stop offset="1" stopColor="#c52b92" />
        </linearGradient>
      </defs>
      <rect width="1200" height="900" rx="40" fill="url(#hero-bg)" />
      <circle cx="600" cy="330" r="150" fill="#ede9fe" />
      <rect x="545" y="200" width="110" height="190" rx="55" fill="url(#hero-mic)" />
      <path
        d="M490 330a110 110 0 0 0 220 0M600 440v63M539 503h122"
        fill="none"
        stroke="#5b21b6"
        strokeWidth="18"
        strokeLinecap="round"
      />
      <path d={WAVE} fill="none" stroke="url(#hero-wave)" strokeWidth="12" strokeLinecap="round" />
    </svg>
  )
}
