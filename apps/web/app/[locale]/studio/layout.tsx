import type { ReactNode } from 'react'
import { AppMessages } from '@/components/i18n/AppMessages'
import { DeviceGate } from '@/components/devices/DeviceGate'
import { SignedInShell } from '@/components/shell/SignedInShell'
import { VoucherBanner } from '@/components/vouchers/VoucherBanner'

type Props = { children: ReactNode; params: Promise<{ locale: string }> }

export default async function StudioLayout({ children, params }: Props) {
  // Spec §3/§7: the studio checks the device against the package's device limit on entry.
  return (
    <AppMessages locale={(await params).locale}>
      <SignedInShell>
        <VoucherBanner />
        <DeviceGate>{children}</DeviceGate>
      </SignedInShell>
    </AppMessages>
  )
}
