import { HeaderAuth } from '@/components/auth/HeaderAuth'
import { SignUpButton } from '@/components/auth/SignUpButton'
import { MenuToggle } from './MenuToggle'

type Translate = (key: string) => string

/**
 * The site header's markup, given its translations: rendered by the server `Header` and by client pages outside
 * the server tree (the error page).
 */
export function HeaderView({
  locale,
  path = '/',
  t,
}: {
  locale: string
  path?: string
  /** `nav` messages */
  t: Translate
}) {
  const home = locale === 'en' ? '/en' : '/'
  const other = locale === 'en' ? (path === '/' ? '/' : path) : `/en${path === '/' ? '' : path}`
  const sections = ['services', 'voices', 'tryIt', 'pricing', 'news', 'contact'] as const
  const anchors: Record<(typeof sections)[number], string> = {
    services: 'services',
    voices: 'voices',
    tryIt: 'try-it',
    pricing: 'pricing',
    news: 'news',
    contact: 'contact',
  }
  return (
    <header className="site-header" data-menu="closed">
      <a className="skip-link" href="#main">
        {t('skip')}
      </a>
      <div className="container header-row">
        <a className="logo" href={home} aria-label={t('home')}>
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="#5b21b6" />
            <path d="M8 13h4l6-5v16l-6-5H8z" fill="#fff" />
            <path d="M21 11a6 6 0 0 1 0 10" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
          </svg>
          <span>Loa</span>
        </a>
        <div className="header-drawer" id="site-nav">
          <nav aria-label={t('main')} className="main-nav">
            <ul>
              {sections.map((s) => (
                <li key={s}>
                  <a href={`${home === '/' ? '' : home}/#${anchors[s]}`}>{t(s)}</a>
                </li>
              ))}
              <li>
                <a href={locale === 'en' ? '/en/support' : '/support'}>{t('support')}</a>
              </li>
            </ul>
          </nav>
          <div className="header-actions">
            <a
              className="lang-switch"
              href={other}
              hrefLang={locale === 'en' ? 'vi' : 'en'}
              lang={locale === 'en' ? 'vi' : 'en'}
            >
              {t('switchTo')}
            </a>
            <HeaderAuth />
            <SignUpButton place="header" className="btn btn-outline header-try">
              {t('tryFree')}
            </SignUpButton>
          </div>
        </div>
        <MenuToggle openLabel={t('menuOpen')} closeLabel={t('menuClose')} />
      </div>
    </header>
  )
}
