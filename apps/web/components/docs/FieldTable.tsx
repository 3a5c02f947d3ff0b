import { getTranslations } from 'next-intl/server'
import type { Field } from '@/lib/docs/openapi'
import { inline } from './Markdown'

/** Fields as a list that reads at 360 px: name, type and whether required on one line, the meaning below. */
export async function FieldTable({ fields, locale }: { fields: Field[]; locale: string }) {
  if (fields.length === 0) return null
  const t = await getTranslations({ locale, namespace: 'docs.reference' })
  return (
    <dl className="docs-fields">
      {fields.map((field) => (
        <div key={field.name} className="docs-field" style={{ marginInlineStart: `${field.depth * 12}px` }}>
          <dt>
            <code>{field.name}</code> <span className="docs-type">{field.type}</span>
            {field.required && <span className="docs-required"> {t('required')}</span>}
          </dt>
          {field.description && <dd>{inline(field.description)}</dd>}
        </div>
      ))}
    </dl>
  )
}
