'use client'
import { useEffect, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { NARROW_BREAKPOINT_PX, POPUP_DELAY_MS } from '@loa/contracts'
import type { Banner } from '@/lib/api/types'
import { mediaUrl } from '@/lib/media'
import { DEFAULT_POPUP_SIZE, findPopupBanner, popupPosition } from '@/lib/popup'
import { useApi, usePublicConfig } from './config-context'

interface Shown {
  banner: Banner
  src: string
  width: number
  height: number
}

const useNarrow = (): boolean => {
  const [narrow, setNarrow] = useState(false)
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${NARROW_BREAKPOINT_PX}px)`)
    const update = () => setNarrow(query.matches)
    update()
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [])
  return narrow
}

/**
 * Landing popup banner (spec §4): fetched once on load; shown 3 s after its image loads (with the image's size) or at
 * once at 1200×675 when the image fails; fixed and centred, or at its configured position on wide screens (centred at
 * ≤ 768 px); close button; optional click-through link in a new tab. Not mounted on /demo (see AppShell).
 */
export default function PopupBanner() {
  const t = useTranslations('popup')
  const api = useApi()
  const { cdnUrl } = usePublicConfig()
  const narrow = useNarrow()
  const [shown, setShown] = useState<Shown | null>(null)
  const [closed, setClosed] = useState(false)

  useEffect(() => {
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    void api.getActiveBanners().then((banners) => {
      const banner = findPopupBanner(banners)
      if (!banner || cancelled) return
      const src = mediaUrl(banner.imageUrl, cdnUrl)
      const image = new Image()
      image.onload = () => {
        const size = {
          width: image.naturalWidth || DEFAULT_POPUP_SIZE.width,
          height: image.naturalHeight || DEFAULT_POPUP_SIZE.height,
        }
        timer = setTimeout(() => !cancelled && setShown({ banner, src, ...size }), POPUP_DELAY_MS)
      }
      image.onerror = () => !cancelled && setShown({ banner, src, ...DEFAULT_POPUP_SIZE })
      image.src = src
    })
    return () => {
      cancelled = true
      if (timer) clearTimeout(timer)
    }
  }, [api, cdnUrl])

  if (!shown || closed) return null
  const position = popupPosition(shown.banner.position, narrow ? 0 : Number.POSITIVE_INFINITY)
  const picture = (
    <img className="popup-image" src={shown.src} width={shown.width} height={shown.height} alt={t('label')} />
  )
  return (
    <div className="popup-layer" data-position={position} data-testid="popup-banner">
      <div
        className="popup-box"
        role="dialog"
        aria-label={t('label')}
        style={{ width: `min(${shown.width}px, 92vw)`, aspectRatio: `${shown.width} / ${shown.height}` }}
      >
        {shown.banner.actionUrl ? (
          <a href={shown.banner.actionUrl} target="_blank" rel="noopener noreferrer" aria-label={t('open')}>
            {picture}
          </a>
        ) : (
          picture
        )}
        <button type="button" className="popup-close" aria-label={t('close')} onClick={() => setClosed(true)}>
          ×
        </button>
      </div>
    </div>
  )
}
