import { setRequestLocale } from 'next-intl/server'
import { AdminSupport } from '@/components/admin/Support'
import { adminMetadata } from '@/components/admin/page-metadata'

export const generateMetadata = adminMetadata('nav.support')

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale)
  return <AdminSupport />
}
