import { getTranslations, setRequestLocale } from 'next-intl/server'
import { buildPageMetadata } from '@/lib/seo/metadata'
import { ROUTES } from '@/lib/routes'
import { CallPromptsStudio } from '@/components/call-prompts/CallPromptsStudio'

type Props = { params: Promise<{ locale: string }> }

export const generateMetadata = async ({ params }: Props) =>
  buildPageMetadata((await params).locale, ROUTES.studioCallPrompts, 'callPromptsTitle')

/** "Lời thoại tổng đài": bulk call prompts (issue 30 §4). */
export default async function Page({ params }: Props) {
  const { locale } = await params
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'shell' })
  return (
    <>
      <h1 id="shell-title">{t('callPrompts')}</h1>
      <CallPromptsStudio />
    </>
  )
}
