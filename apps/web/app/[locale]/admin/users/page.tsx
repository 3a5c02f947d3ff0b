import { getTranslations, setRequestLocale } from 'next-intl/server'
import { AdminUsers } from '@/components/admin/Users'

type Props = { params: Promise<{ locale: string }> }

export const generateMetadata = async ({ params }: Props) => {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin' })
  return { title: `${t('nav.users')} · ${t('title')}` }
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale)
  return <AdminUsers />
}
