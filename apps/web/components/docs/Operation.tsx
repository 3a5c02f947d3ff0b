import { getTranslations } from 'next-intl/server'
import { authOf, exampleOf, fieldsOf, type Media, type OperationEntry } from '@/lib/docs/openapi'
import { SUMMARIES_VI } from '@/lib/docs/summaries-vi'
import { CodeBlock } from './CodeBlock'
import { FieldTable } from './FieldTable'
import { inline } from './Markdown'

const jsonOf = (content: Record<string, Media> | undefined) =>
  content && Object.entries(content).find(([type]) => type.includes('json'))

const pretty = (value: unknown) => JSON.stringify(value, null, 2)

/** One operation of the reference: method and path, what it does, its credential, parameters, body and answers. */
export async function Operation({ entry, locale }: { entry: OperationEntry; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'docs.reference' })
  const { operation, method, path } = entry
  const body = jsonOf(operation.requestBody?.content)
  const otherBody = !body && operation.requestBody?.content && Object.keys(operation.requestBody.content)[0]
  const auth = authOf(operation)
  const callbacks = Object.entries(operation.callbacks ?? {})
  const key = `${method.toUpperCase()} ${path}`
  const summary = (locale === 'vi' && SUMMARIES_VI[key]) || operation.summary
  return (
    <article className="docs-op" id={entry.id} data-testid="docs-operation" data-operation={key}>
      <h3 className="docs-op-title">
        <span className={`docs-method docs-method-${method}`}>{method.toUpperCase()}</span>
        <code className="docs-path">{path}</code>
      </h3>
      {summary && <p className="docs-op-summary">{summary}</p>}
      {operation.description && <p className="muted">{inline(operation.description)}</p>}
      <p className="docs-auth">
        <strong>{t('auth')}:</strong> {t(`authKinds.${auth}`)}
      </p>
      {(operation.parameters ?? []).length > 0 && (
        <section>
          <h4>{t('parameters')}</h4>
          <FieldTable
            locale={locale}
            fields={(operation.parameters ?? []).map((p) => ({
              name: p.name,
              depth: 0,
              type: `${p.in} · ${p.schema?.type ?? 'string'}`,
              required: !!p.required,
              description: p.description,
            }))}
          />
        </section>
      )}
      {body && (
        <section>
          <h4>
            {t('body')} <span className="muted">({body[0]})</span>
          </h4>
          <FieldTable locale={locale} fields={fieldsOf(body[1].schema)} />
          {exampleOf(body[1]) !== undefined && (
            <CodeBlock label={t('exampleRequest')} language="json" code={pretty(exampleOf(body[1]))} />
          )}
        </section>
      )}
      {otherBody && (
        <p>
          <strong>{t('body')}:</strong> <code>{otherBody}</code>
        </p>
      )}
      <section>
        <h4>{t('responses')}</h4>
        <ul className="docs-responses">
          {Object.entries(operation.responses ?? {}).map(([status, response]) => {
            const json = jsonOf(response.content)
            const example = json && /^2/.test(status) ? exampleOf(json[1]) : undefined
            const types = Object.keys(response.content ?? {}).filter((type) => !type.includes('json'))
            return (
              <li key={status}>
                <span className={`docs-status docs-status-${status[0]}`}>{status}</span>{' '}
                {response.description}
                {types.length > 0 && <span className="muted"> · {types.join(', ')}</span>}
                {example !== undefined && (
                  <CodeBlock label={t('exampleResponse')} language="json" code={pretty(example)} />
                )}
              </li>
            )
          })}
        </ul>
      </section>
      {callbacks.map(([name, expressions]) =>
        Object.values(expressions).flatMap((item) =>
          Object.entries(item).map(([callbackMethod, callback]) => {
            const payload = jsonOf(callback.requestBody?.content)
            return (
              <section key={`${name}-${callbackMethod}`} className="docs-callback">
                <h4>
                  {t('callback')}: <code>{`${callbackMethod.toUpperCase()} ${name}`}</code>
                </h4>
                {callback.summary && <p>{callback.summary}</p>}
                {callback.description && <p className="muted">{inline(callback.description)}</p>}
                {payload && <FieldTable locale={locale} fields={fieldsOf(payload[1].schema)} />}
                {payload && exampleOf(payload[1]) !== undefined && (
                  <CodeBlock
                    label={t('exampleCallback')}
                    language="json"
                    code={pretty(exampleOf(payload[1]))}
                  />
                )}
              </section>
            )
          }),
        ),
      )}
    </article>
  )
}
