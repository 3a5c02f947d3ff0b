'use client'
import { useCallback, useEffect, useState } from 'react'
import type { WalletProduct } from '@loa/contracts/browser'
import { useStudioApi } from '@/lib/studio/api'

/** One wallet's live balance from `/me` (0 once it lapsed); `reload` after spending. Null while loading. */
export const useWalletBalance = (product: WalletProduct) => {
  const api = useStudioApi()
  const [balance, setBalance] = useState<number | null>(null)
  const reload = useCallback(() => {
    api
      .me()
      .then((me) => {
        const wallets = (me as { balances?: { product: string; balance: number }[] }).balances ?? []
        setBalance(wallets.find((w) => w.product === product)?.balance ?? 0)
      })
      .catch(() => undefined)
  }, [api, product])
  useEffect(reload, [reload])
  return { balance, reload }
}
