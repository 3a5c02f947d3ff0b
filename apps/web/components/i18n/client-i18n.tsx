'use client'
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react'
import { formatMessage } from '@/lib/i18n-format'

/**
 * Translations for client components without shipping an ICU runtime to the browser (keeps the landing's first-load
 * JS small). The server layout passes the namespaces the client needs; messages use `{name}` placeholders only.
 * Server components use next-intl (`getTranslations`) directly. A provider inside another adds its namespaces to
 * the outer one's (the signed-in areas add theirs to the site's).
 */
type Tree = { [key: string]: string | Tree }
type Values = Record<string, string | number>

interface I18nValue {
  locale: string
  messages: Tree
}

const I18nContext = createContext<I18nValue | null>(null)

export function ClientI18nProvider({ locale, messages, children }: I18nValue & { children: ReactNode }) {
  const outer = useContext(I18nContext)?.messages
  const value = useMemo(
    () => ({ locale, messages: outer ? { ...outer, ...messages } : messages }),
    [locale, outer, messages],
  )
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

const useI18n = (): I18nValue => {
  const value = useContext(I18nContext)
  if (!value) throw new Error('useTranslations must be used within ClientI18nProvider')
  return value
}

const lookup = (tree: Tree, path: string): string | undefined => {
  let node: string | Tree | undefined = tree
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

/** Same call shape as next-intl's `useTranslations(namespace)(key, values)`. A missing key returns its path. */
export const useTranslations = (namespace?: string) => {
  const { messages } = useI18n()
  return useCallback(
    (key: string, values?: Values): string => {
      const path = namespace ? `${namespace}.${key}` : key
      const template = lookup(messages, path)
      return template === undefined ? path : formatMessage(template, values)
    },
    [messages, namespace],
  )
}

export const useLocale = (): string => useI18n().locale
