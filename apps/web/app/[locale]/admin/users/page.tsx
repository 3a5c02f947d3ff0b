import { setRequestLocale } from 'next-intl/server'
import { AdminUsers } from '@/components/admin/Users'
import { adminMetadata } from '@/components/admin/page-metadata'

export const generateMetadata = adminMetadata('nav.users')

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale)
  return <AdminUsers />
}
