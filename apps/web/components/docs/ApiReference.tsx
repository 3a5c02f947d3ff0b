import { getTranslations } from 'next-intl/server'
import { groupByProduct, type ApiDocument, type ProductGroup } from '@/lib/docs/openapi'
import { inline } from './Markdown'
import { Operation } from './Operation'

/** The developer API reference, product by product, rendered on the server from the public document. */
export async function ApiReference({
  doc,
  groups,
  locale,
}: {
  doc: ApiDocument
  groups: ProductGroup[]
  locale: string
}) {
  const t = await getTranslations({ locale, namespace: 'docs' })
  const tagText = (tag: string, key: 'name' | 'description') =>
    t.has(`products.${tag}.${key}`)
      ? t(`products.${tag}.${key}`)
      : key === 'name'
        ? tag
        : (doc.tags?.find((x) => x.name === tag)?.description ?? '')
  return (
    <div data-testid="api-reference">
      <h1>{t('reference.title')}</h1>
      <p className="lead">{t('reference.intro')}</p>
      {doc.servers?.[0] && (
        <p>
          {t('reference.baseUrl')}: <code data-testid="docs-base-url">{doc.servers[0].url}</code>
        </p>
      )}
      {groups.map((group) => (
        <section
          key={group.id}
          id={group.id}
          className="docs-product"
          data-testid="docs-product"
          aria-labelledby={`${group.id}-title`}
        >
          <h2 id={`${group.id}-title`}>{tagText(group.tag, 'name')}</h2>
          <p className="muted">{inline(tagText(group.tag, 'description'))}</p>
          {group.operations.map((entry) => (
            <Operation key={entry.id} entry={entry} locale={locale} />
          ))}
        </section>
      ))}
    </div>
  )
}

export { groupByProduct }
