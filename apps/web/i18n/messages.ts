import { I18N_RETRY_COUNT, I18N_RETRY_DELAY_MS, type Locale } from '@loa/contracts'

import type viMessages from '../messages/vi.json'

export type Messages = typeof viMessages

/** The studio/console/payments translations live in their own files (messages/studio/) and are merged in. */
const merged = async (
  base: Promise<{ default: Messages }>,
  extra: Promise<{ default: object }>,
): Promise<{ default: Messages }> => {
  const [a, b] = await Promise.all([base, extra])
  return { default: { ...a.default, ...b.default } }
}

const importers: Record<Locale, () => Promise<{ default: Messages }>> = {
  vi: () => merged(import('../messages/vi.json'), import('../messages/studio/vi.json')),
  en: () => merged(import('../messages/en.json'), import('../messages/studio/en.json')),
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Loads one locale's translations (namespace "common" lives at the root), retrying like spec §9 says. */
export const loadMessages = async (
  locale: Locale,
  load: (locale: Locale) => Promise<{ default: Messages }> = (l) => importers[l](),
  retries = I18N_RETRY_COUNT,
  delayMs = I18N_RETRY_DELAY_MS,
): Promise<Messages> => {
  let lastError: unknown
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    try {
      return (await load(locale)).default
    } catch (error) {
      lastError = error
      if (attempt < retries) await sleep(delayMs)
    }
  }
  throw lastError
}
