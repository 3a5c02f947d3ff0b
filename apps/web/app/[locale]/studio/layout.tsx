import type { ReactNode } from 'react'
import { SignedInShell } from '@/components/shell/SignedInShell'

export default function StudioLayout({ children }: { children: ReactNode }) {
  return <SignedInShell>{children}</SignedInShell>
}
