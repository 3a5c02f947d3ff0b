import { setRequestLocale } from 'next-intl/server'
import { buildPageMetadata } from '@/lib/seo/metadata'
import { ShellPage } from '@/components/studio-shell/ShellPage'
import { ROUTES } from '@/lib/routes'

type Props = { params: Promise<{ locale: string }> }

export const generateMetadata = async ({ params }: Props) =>
  buildPageMetadata((await params).locale, ROUTES.studioDubbing, 'studioTitle')

export default async function Page({ params }: Props) {
  const { locale } = await params
  setRequestLocale(locale)
  return <ShellPage locale={locale} titleKey="dubbing" />
}
