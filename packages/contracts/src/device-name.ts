/**
 * A device's readable name from its browser's User-Agent ("Chrome · Windows"), for the lists of signed-in devices
 * and sessions (the studio's device screens, the SSO profile page) instead of the raw header.
 */
export const deviceName = (userAgent: string): string => {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\/|Opera/.test(userAgent)
      ? 'Opera'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Firefox\//.test(userAgent)
          ? 'Firefox'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Browser'
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : ''
  return os ? `${browser} · ${os}` : browser
}

/** A moment in Vietnam's time (Asia/Ho_Chi_Minh), "23 thg 11, 2026 21:05" / "23 Nov 2026, 21:05". */
export const vietnamTime = (at: Date, lang: 'vi' | 'en'): string =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'vi-VN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Ho_Chi_Minh',
  }).format(at)
