import { getTranslations, setRequestLocale } from 'next-intl/server'
import { buildPageMetadata } from '@/lib/seo/metadata'
import { SupportForm } from '@/components/support/SupportForm'
import { ROUTES } from '@/lib/routes'

type Props = { params: Promise<{ locale: string }> }

export const generateMetadata = async ({ params }: Props) =>
  buildPageMetadata((await params).locale, ROUTES.supportChat, 'supportTitle')

/**
 * The support form sized for the care widget's chat frame (≈ 360 × 520 px): no site header or footer, a short
 * heading, the form in one column. The shell shows no widget or popup inside a frame.
 */
export default async function SupportChatPage({ params }: Props) {
  const { locale } = await params
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'support' })
  return (
    <main id="main" className="chat-page" aria-labelledby="support-title">
      <h1 id="support-title">{t('title')}</h1>
      <SupportForm />
    </main>
  )
}
