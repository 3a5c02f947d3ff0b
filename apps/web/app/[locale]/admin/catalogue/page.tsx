import { setRequestLocale } from 'next-intl/server'
import { AdminCatalogue } from '@/components/admin/Catalogue'
import { adminMetadata } from '@/components/admin/page-metadata'

export const generateMetadata = adminMetadata('nav.catalogue')

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale)
  return <AdminCatalogue />
}
