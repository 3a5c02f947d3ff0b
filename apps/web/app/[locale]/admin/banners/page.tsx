import { setRequestLocale } from 'next-intl/server'
import { AdminBanners } from '@/components/admin/Banners'
import { adminMetadata } from '@/components/admin/page-metadata'

export const generateMetadata = adminMetadata('nav.banners')

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale)
  return <AdminBanners />
}
