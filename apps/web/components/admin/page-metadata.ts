import { getTranslations } from 'next-intl/server'

type Props = { params: Promise<{ locale: string }> }

/** `generateMetadata` of a back-office page: "<page> · <back office>" in the page's language. */
export const adminMetadata =
  (titleKey: string) =>
  async ({ params }: Props) => {
    const t = await getTranslations({ locale: (await params).locale, namespace: 'admin' })
    return { title: `${t(titleKey)} · ${t('title')}` }
  }
