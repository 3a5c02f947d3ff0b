import { getTranslations, setRequestLocale } from 'next-intl/server'
import { buildPageMetadata } from '@/lib/seo/metadata'
import { ROUTES } from '@/lib/routes'
import { AccountPage } from '@/components/account/AccountPage'

type Props = { params: Promise<{ locale: string }> }

export const generateMetadata = async ({ params }: Props) =>
  buildPageMetadata((await params).locale, ROUTES.studioAccount, 'accountTitle')

/** The account page (header link "Account"): sign-in settings at the SSO, and the account deletion request. */
export default async function Page({ params }: Props) {
  const { locale } = await params
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'nav' })
  return (
    <>
      <h1 id="shell-title">{t('account')}</h1>
      <AccountPage />
    </>
  )
}
