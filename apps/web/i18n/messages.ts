import { I18N_RETRY_COUNT, I18N_RETRY_DELAY_MS, type Locale } from '@loa/contracts/browser'

import type viMessages from '../messages/vi.json'
import { resolveCommonReferences } from './common-references'

export type Messages = typeof viMessages

/**
 * Feature translations live in their own files (messages/<feature>/) and are merged in; `@:common.…` references
 * then take the shared strings of the common namespace (messages/common/).
 */
const merged = async (
  base: Promise<{ default: Messages }>,
  ...extras: Promise<{ default: object }>[]
): Promise<{ default: Messages }> => {
  const [a, ...rest] = await Promise.all([base, ...extras])
  const catalogue = Object.assign({}, a.default, ...rest.map((r) => r.default)) as Messages
  return { default: resolveCommonReferences(catalogue) }
}

const importers: Record<Locale, () => Promise<{ default: Messages }>> = {
  vi: () =>
    merged(
      import('../messages/vi.json'),
      import('../messages/common/vi.json'),
      import('../messages/studio/vi.json'),
      import('../messages/neural-voices/vi.json'),
      import('../messages/checkout/vi.json'),
      import('../messages/admin/vi.json'),
      import('../messages/dubbing/vi.json'),
      import('../messages/call-prompts/vi.json'),
      import('../messages/console/vi.json'),
      import('../messages/docs/vi.json'),
      import('../messages/ui/vi.json'),
    ),
  en: () =>
    merged(
      import('../messages/en.json'),
      import('../messages/common/en.json'),
      import('../messages/studio/en.json'),
      import('../messages/neural-voices/en.json'),
      import('../messages/checkout/en.json'),
      import('../messages/admin/en.json'),
      import('../messages/dubbing/en.json'),
      import('../messages/call-prompts/en.json'),
      import('../messages/console/en.json'),
      import('../messages/docs/en.json'),
      import('../messages/ui/en.json'),
    ),
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
