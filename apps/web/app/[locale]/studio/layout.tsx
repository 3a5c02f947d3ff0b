import type { ReactNode } from 'react'
import { DeviceGate } from '@/components/devices/DeviceGate'
import { SignedInShell } from '@/components/shell/SignedInShell'
import { VoucherBanner } from '@/components/vouchers/VoucherBanner'

export default function StudioLayout({ children }: { children: ReactNode }) {
  // Spec §3/§7: the studio checks the device against the package's device limit on entry.
  return (
    <SignedInShell>
      <VoucherBanner />
      <DeviceGate>{children}</DeviceGate>
    </SignedInShell>
  )
}
