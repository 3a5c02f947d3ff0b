import type { ReactNode } from 'react'
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { PageFrame } from '@/components/shell/PageFrame'
import { GUIDES } from '@/lib/docs/guides'
import './docs.css'

export const docsHref = (locale: string, slug?: string) =>
  `${locale === 'en' ? '/en' : ''}/docs${slug ? `/${slug}` : ''}`

/**
 * The developer docs' frame in the site's shell: the menu (guides, then the reference's products) beside the page on
 * a wide screen; on a phone the same menu is a closed "Contents" disclosure above the page.
 */
export async function DocsFrame({
  locale,
  path,
  current,
  products,
  children,
}: {
  locale: string
  path: string
  current?: string
  products?: { id: string; tag: string }[]
  children: ReactNode
}) {
  const t = await getTranslations({ locale, namespace: 'docs' })
  const productName = (tag: string) => (t.has(`products.${tag}.name`) ? t(`products.${tag}.name`) : tag)
  const menu = (
    <nav aria-label={t('nav.label')}>
      <p className="docs-nav-heading">{t('nav.guides')}</p>
      <ul>
        {GUIDES.map((slug) => (
          <li key={slug}>
            <Link href={docsHref(locale, slug)} aria-current={current === slug ? 'page' : undefined}>
              {t(`guides.${slug}`)}
            </Link>
          </li>
        ))}
      </ul>
      <p className="docs-nav-heading">
        <Link href={docsHref(locale)} aria-current={current === 'reference' ? 'page' : undefined}>
          {t('nav.reference')}
        </Link>
      </p>
      {products && (
        <ul>
          {products.map((product) => (
            <li key={product.id}>
              <a href={`#${product.id}`}>{productName(product.tag)}</a>
            </li>
          ))}
        </ul>
      )}
    </nav>
  )
  return (
    <PageFrame locale={locale} path={path}>
      <div className="container docs-layout">
        <details className="docs-nav docs-nav-phone">
          <summary>{t('nav.contents')}</summary>
          {menu}
        </details>
        <aside className="docs-nav docs-nav-wide">{menu}</aside>
        <div className="docs-main">{children}</div>
      </div>
    </PageFrame>
  )
}
