import { setRequestLocale } from 'next-intl/server'
import { AdminDashboard } from '@/components/admin/Dashboard'
import { adminMetadata } from '@/components/admin/page-metadata'

export const generateMetadata = adminMetadata('nav.dashboard')

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale)
  return <AdminDashboard />
}
