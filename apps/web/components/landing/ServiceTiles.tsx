import { getTranslations } from 'next-intl/server'
import { SERVICE_TILES, type ServiceTile } from '@loa/contracts/browser'

const ICONS: Record<ServiceTile, string> = {
  TTS: 'M4 6h16v2H4zm0 5h10v2H4zm0 5h16v2H4z',
  API: 'M8 7l-5 5 5 5 1.4-1.4L5.8 12l3.6-3.6zm8 0l-1.4 1.4 3.6 3.6-3.6 3.6L16 17l5-5z',
  DUBBING: 'M4 5h16v10H4zm3 12h10v2H7z',
}

export async function ServiceTiles({ locale }: { locale: string }) {
  const t = await getTranslations({ locale, namespace: 'services' })
  return (
    <section id="services" className="section" aria-labelledby="services-title">
      <div className="container">
        <h2 id="services-title">{t('title')}</h2>
        <ul className="tiles">
          {SERVICE_TILES.map((tile) => (
            <li key={tile} className="tile" data-service={tile}>
              <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
                <path d={ICONS[tile]} fill="currentColor" />
              </svg>
              <h3>{t(`${tile}.title`)}</h3>
              <p>{t(`${tile}.description`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
