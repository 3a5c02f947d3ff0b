import { setRequestLocale } from 'next-intl/server'
import { AdminAuditLog } from '@/components/admin/AuditLog'
import { adminMetadata } from '@/components/admin/page-metadata'

export const generateMetadata = adminMetadata('nav.audit')

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale)
  return <AdminAuditLog />
}
