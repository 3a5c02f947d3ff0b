import type { ReactNode } from 'react'
import { getWebConfig } from '@/lib/config'
import { Header } from '@/components/landing/Header'
import { Footer } from '@/components/landing/Footer'

/** Header + main + footer around a page of the landing site. */
export function PageFrame({ locale, path, children }: { locale: string; path: string; children: ReactNode }) {
  return (
    <>
      <Header locale={locale} path={path} />
      <main id="main" className="page-main">
        {children}
      </main>
      <Footer locale={locale} config={getWebConfig().public} />
    </>
  )
}
