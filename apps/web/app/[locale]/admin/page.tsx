import { getTranslations, setRequestLocale } from 'next-intl/server'
import { AdminDashboard } from '@/components/admin/Dashboard'

type Props = { params: Promise<{ locale: string }> }

export const generateMetadata = async ({ params }: Props) => {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin' })
  return { title: `${t('nav.dashboard')} · ${t('title')}` }
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale)
  return <AdminDashboard />
}
