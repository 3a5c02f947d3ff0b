'use client'
import { useCallback, useEffect, useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { NARROW_BREAKPOINT_PX, POPUP_DELAY_MS } from '@loa/contracts/browser'
import type { Banner } from '@/lib/api/types'
import { mediaUrl } from '@/lib/media'
import { DEFAULT_POPUP_SIZE, findPopupBanner, popupPosition, popupSeen, rememberPopupSeen } from '@/lib/popup'
import { useApi, usePublicConfig } from './config-context'
import { IconButton } from '@/components/ui/IconButton'

interface Shown {
  banner: Banner
  src: string
  /** The loaded picture, drawn on a canvas; null when it failed to load. */
  image: HTMLImageElement | null
  width: number
  height: number
}

/** Local storage, or null where the browser refuses it (then the popup cannot be remembered). */
const storage = (): Storage | null => {
  try {
    return window.localStorage
  } catch {
    return null
  }
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
 * ≤ 768 px); close button; optional click-through link in a new tab. Mounted on the landing pages only (AppShell), and
 * at most once per visitor per banner: a banner seen before (same code, image and link) stays hidden.
 *
 * The picture is drawn on a canvas: a canvas is no Largest Contentful Paint candidate, so an offer that appears
 * seconds after load does not become the page's LCP element (the heading stays it).
 */
export default function PopupBanner() {
  const t = useTranslations('popup')
  const locale = useLocale()
  const api = useApi()
  const { cdnUrl } = usePublicConfig()
  const narrow = useNarrow()
  const [shown, setShown] = useState<Shown | null>(null)
  const [closed, setClosed] = useState(false)

  useEffect(() => {
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const show = (next: Shown) => {
      if (cancelled) return
      const store = storage()
      if (store) rememberPopupSeen(store, next.banner)
      setShown(next)
    }
    void api.getActiveBanners(locale).then((banners) => {
      const banner = findPopupBanner(banners)
      const store = storage()
      if (!banner || cancelled || (store && popupSeen(store, banner))) return
      const src = mediaUrl(banner.imageUrl, cdnUrl)
      const image = new Image()
      image.onload = () => {
        const size = {
          width: image.naturalWidth || DEFAULT_POPUP_SIZE.width,
          height: image.naturalHeight || DEFAULT_POPUP_SIZE.height,
        }
        timer = setTimeout(() => show({ banner, src, image, ...size }), POPUP_DELAY_MS)
      }
      image.onerror = () => show({ banner, src, image: null, ...DEFAULT_POPUP_SIZE })
      image.src = src
    })
    return () => {
      cancelled = true
      if (timer) clearTimeout(timer)
    }
  }, [api, cdnUrl, locale])

  const image = shown?.image ?? null
  const draw = useCallback(
    (canvas: HTMLCanvasElement | null) => {
      if (canvas && image) canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height)
    },
    [image],
  )

  if (!shown || closed) return null
  const position = popupPosition(shown.banner.position, narrow ? 0 : Number.POSITIVE_INFINITY)
  const picture = (
    <canvas
      ref={draw}
      className="popup-image"
      data-src={shown.src}
      width={shown.width}
      height={shown.height}
      role="img"
      aria-label={t('label')}
    />
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
        <IconButton className="popup-close" label={t('close')} onClick={() => setClosed(true)}>
          ×
        </IconButton>
      </div>
    </div>
  )
}
