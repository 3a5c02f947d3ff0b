import { setRequestLocale } from 'next-intl/server'
import { AdminVoices } from '@/components/admin/Voices'
import { adminMetadata } from '@/components/admin/page-metadata'

export const generateMetadata = adminMetadata('nav.voices')

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale)
  return <AdminVoices />
}
