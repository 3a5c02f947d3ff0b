import { render, type RenderResult } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { ClientI18nProvider } from '../i18n/client-i18n'
import en from '../../messages/ui/en.json'
import vi from '../../messages/ui/vi.json'

/** Renders a design-system component as a page would: inside the client translations, in vi or en (rerender keeps them). */
export const renderUi = (element: ReactElement, locale: 'vi' | 'en' = 'vi'): RenderResult =>
  render(element, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <ClientI18nProvider locale={locale} messages={locale === 'vi' ? vi : en}>
        {children}
      </ClientI18nProvider>
    ),
  })
