'use client'
import { BANNER_POSITIONS, NARROW_BREAKPOINT_PX } from '@loa/contracts/browser'
import { useTranslations } from '@/components/i18n/client-i18n'
import { popupPosition } from '@/lib/popup'

/** A screen with the popup where the landing page puts it: wide (the chosen spot of nine) and narrow (centred). */
function Screen({
  position,
  width,
  label,
  image,
}: {
  position: string
  width: number
  label: string
  image: string
}) {
  const placed = popupPosition(position, width)
  return (
    <figure className={`banner-preview ${width <= NARROW_BREAKPOINT_PX ? 'banner-preview-narrow' : ''}`}>
      <div className="banner-preview-screen" data-testid={`banner-preview-${width}`} data-position={placed}>
        {BANNER_POSITIONS.map((p) => (
          <span key={p} className={`banner-preview-cell${p === placed ? ' is-placed' : ''}`}>
            {p === placed && image ? <img src={image} alt="" /> : null}
          </span>
        ))}
      </div>
      <figcaption className="muted">{label}</figcaption>
    </figure>
  )
}

export function BannerPreview({ position, image }: { position: string; image: string }) {
  const t = useTranslations('admin')
  return (
    <div className="banner-previews" aria-label={t('banners.preview')}>
      <Screen
        position={position}
        width={1440}
        image={image}
        label={t('banners.previewDesktop', { position: t(`banners.positions.${position}`) })}
      />
      <Screen
        position={position}
        width={NARROW_BREAKPOINT_PX}
        image={image}
        label={t('banners.previewNarrow')}
      />
    </div>
  )
}
