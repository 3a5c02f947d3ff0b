import type { ReactNode } from 'react'
import { AppMessages } from '@/components/i18n/AppMessages'
import type { Metadata } from 'next'
import { AdminShell } from '@/components/admin/AdminShell'

/** The back-office is never indexed. */
export const metadata: Metadata = { robots: { index: false, follow: false } }

type Props = { children: ReactNode; params: Promise<{ locale: string }> }

export default async function AdminLayout({ children, params }: Props) {
  return (
    <AppMessages locale={(await params).locale}>
      <AdminShell>{children}</AdminShell>
    </AppMessages>
  )
}
