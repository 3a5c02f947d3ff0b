import type { ReactNode } from 'react'
import type { Metadata } from 'next'
import { AdminShell } from '@/components/admin/AdminShell'

/** The back-office is never indexed. */
export const metadata: Metadata = { robots: { index: false, follow: false } }

export default function AdminLayout({ children }: { children: ReactNode }) {
  return <AdminShell>{children}</AdminShell>
}
