import { create } from 'zustand'
import type { WalletProduct } from '@loa/contracts/browser'
import { shortfallOf, type Shortfall } from '../payments/shortfall'

interface ShortfallState {
  /** The refusal the out-of-credits panel shows, until closed or a purchase is opened. */
  shortfall: Shortfall | null
  dismiss: () => void
}

export const useShortfallStore = create<ShortfallState>()((set) => ({
  shortfall: null,
  dismiss: () => set({ shortfall: null }),
}))

/**
 * Opens the out-of-credits panel when `error` is an INSUFFICIENT_CREDITS refusal (issue 28: a path to buy, not a
 * three-second notice). True when it did: the caller shows nothing else for this error.
 */
export const showShortfall = (error: unknown, fallback?: WalletProduct): boolean => {
  const shortfall = shortfallOf(error, fallback)
  if (shortfall) useShortfallStore.setState({ shortfall })
  return shortfall !== null
}
