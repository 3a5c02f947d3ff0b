import type { ReactNode } from 'react'
import { AppMessages } from '@/components/i18n/AppMessages'
import { SignedInShell } from '@/components/shell/SignedInShell'

type Props = { children: ReactNode; params: Promise<{ locale: string }> }

export default async function ConsoleLayout({ children, params }: Props) {
  return (
    <AppMessages locale={(await params).locale}>
      <SignedInShell>{children}</SignedInShell>
    </AppMessages>
  )
}
