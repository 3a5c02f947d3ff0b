import { setRequestLocale } from 'next-intl/server'
import { AdminUserDetail } from '@/components/admin/UserDetail'
import { adminMetadata } from '@/components/admin/page-metadata'

export const generateMetadata = adminMetadata('nav.users')

export default async function Page({ params }: { params: Promise<{ locale: string; id: string }> }) {
  const { locale, id } = await params
  setRequestLocale(locale)
  return <AdminUserDetail id={decodeURIComponent(id)} />
}
