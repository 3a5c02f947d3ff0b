import { getTranslations, setRequestLocale } from 'next-intl/server'
import { AdminUserDetail } from '@/components/admin/UserDetail'

type Props = { params: Promise<{ locale: string; id: string }> }

export const generateMetadata = async ({ params }: Props) => {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin' })
  return { title: `${t('nav.users')} · ${t('title')}` }
}

export default async function Page({ params }: Props) {
  const { locale, id } = await params
  setRequestLocale(locale)
  return <AdminUserDetail id={decodeURIComponent(id)} />
}
