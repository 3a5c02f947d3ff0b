import { setRequestLocale } from 'next-intl/server'
import { AdminOrders } from '@/components/admin/Orders'
import { adminMetadata } from '@/components/admin/page-metadata'

export const generateMetadata = adminMetadata('nav.orders')

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale)
  return <AdminOrders />
}
