'use client'
import { useTranslations } from '@/components/i18n/client-i18n'
import type { CallPromptCheck } from '@/lib/call-prompts/api'

/** What the check found: valid rows, the cost, missing and unused columns, each unreadable value by row. */
export function CheckReport({ check, credits }: { check: CallPromptCheck; credits: (n: number) => string }) {
  const t = useTranslations('callPrompts')
  const shown = check.problems.slice(0, 50)
  return (
    <section className="cp-panel" aria-labelledby="cp-check" data-testid="cp-check">
      <h2 id="cp-check">{t('check.title')}</h2>
      <p data-testid="cp-valid-rows">{t('check.rows', { valid: check.validRows, total: check.rowCount })}</p>
      <p className="muted" data-testid="cp-cost">
        {t('check.cost', { credits: credits(check.credits) })}
      </p>
      {check.missingColumns.length > 0 && (
        <p role="alert">{t('check.missing', { columns: check.missingColumns.join(', ') })}</p>
      )}
      {check.unusedColumns.length > 0 && (
        <p className="muted">{t('check.unused', { columns: check.unusedColumns.join(', ') })}</p>
      )}
      {check.problemCount === 0 && check.missingColumns.length === 0 ? (
        <p data-testid="cp-all-good">{t('check.allGood')}</p>
      ) : (
        check.problemCount > 0 && (
          <div className="cp-table-wrap">
            <table className="cp-problems" aria-label={t('check.problems')} data-testid="cp-problems">
              <thead>
                <tr>
                  <th scope="col">{t('check.row')}</th>
                  <th scope="col">{t('check.column')}</th>
                  <th scope="col">{t('check.value')}</th>
                  <th scope="col">{t('check.problem')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((p) => (
                  <tr key={`${p.row}:${p.column}`}>
                    <td>{p.row}</td>
                    <td>{p.column}</td>
                    <td>{p.value ?? ''}</td>
                    <td>{t(`problem.${p.problem}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {check.problemCount > shown.length && (
              <p className="muted">{t('check.more', { n: check.problemCount - shown.length })}</p>
            )}
          </div>
        )
      )}
    </section>
  )
}
