import { setRequestLocale } from 'next-intl/server'
import { AdminJobs } from '@/components/admin/Jobs'
import { adminMetadata } from '@/components/admin/page-metadata'

export const generateMetadata = adminMetadata('nav.jobs')

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale)
  return <AdminJobs />
}
