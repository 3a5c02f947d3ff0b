'use client'
import { useCallback, useEffect, useState } from 'react'
import type { Voice } from '@/lib/api/types'
import type { StudioApi } from './api'
import type { DownloadFormat } from './downloads'

/** What the studio shows around the draft: the voice catalogue (names by code) and the credit balance. */
export function useStudioCatalogue(api: StudioApi) {
  const [voices, setVoices] = useState<Record<string, Voice>>({})
  const [balance, setBalance] = useState<number | null>(null)
  const refreshBalance = useCallback(() => {
    api
      .me()
      .then((me) => setBalance(me.creditsBalance))
      .catch(() => undefined)
  }, [api])
  useEffect(refreshBalance, [refreshBalance])
  useEffect(() => {
    api
      .voices({ limit: 200 })
      .then((r) => setVoices(Object.fromEntries(r.items.map((v) => [v.code, v]))))
      .catch(() => undefined)
  }, [api])
  return {
    voices,
    balance,
    refreshBalance,
    /** A voice chosen in the picker (it may be outside the first page of the catalogue). */
    addVoice: useCallback((v: Voice) => setVoices((vs) => ({ ...vs, [v.code]: v })), []),
    voiceName: useCallback((code: string) => voices[code]?.name ?? code, [voices]),
  }
}

/** Downloads a finished request's file (a signed link, through a temporary anchor). */
export const downloadSynthesis = async (api: StudioApi, id: string, format: DownloadFormat) => {
  const { url } = await api.download(id, format)
  const a = document.createElement('a')
  a.href = url
  a.download = ''
  a.rel = 'noopener'
  document.body.appendChild(a)
  a.click()
  a.remove()
}
