import type { ReactNode } from 'react'
import { SignedInShell } from '@/components/shell/SignedInShell'

export default function ConsoleLayout({ children }: { children: ReactNode }) {
  return <SignedInShell>{children}</SignedInShell>
}
