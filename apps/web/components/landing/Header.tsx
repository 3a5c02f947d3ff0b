import { getTranslations } from 'next-intl/server'
import { HeaderView } from './HeaderView'

/**
 * Landing header: logo, section navigation, language switch, sign-up / try-free. On one line at desktop widths; on
 * tablets and phones the navigation moves into a drawer behind a menu button.
 */
export async function Header({ locale, path = '/' }: { locale: string; path?: string }) {
  const t = await getTranslations({ locale, namespace: 'nav' })
  return <HeaderView locale={locale} path={path} t={(key) => t(key)} />
}
