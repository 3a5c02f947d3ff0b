import { setRequestLocale } from 'next-intl/server'
import { AdminFlags } from '@/components/admin/Flags'
import { adminMetadata } from '@/components/admin/page-metadata'

export const generateMetadata = adminMetadata('nav.flags')

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale)
  return <AdminFlags />
}
