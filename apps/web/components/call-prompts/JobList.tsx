'use client'
import { useTranslations } from '@/components/i18n/client-i18n'
import type { CallPromptJob } from '@/lib/call-prompts/api'

/** The recent jobs: status, rows, what was charged and the ZIP once done. */
export function JobList({ jobs, credits }: { jobs: CallPromptJob[]; credits: (n: number) => string }) {
  const t = useTranslations('callPrompts')
  return (
    <section className="cp-panel" aria-labelledby="cp-jobs">
      <h2 id="cp-jobs">{t('jobs')}</h2>
      {jobs.length === 0 ? (
        <p className="muted">{t('noJobs')}</p>
      ) : (
        <ul className="cp-jobs" data-testid="cp-jobs">
          {jobs.map((job) => (
            <li key={job.id} data-status={job.status}>
              <span>
                <strong>{job.title}</strong>
                <br />
                <span className="muted">
                  {t(`status.${job.status}`)} ·{' '}
                  {t('jobLine', { rows: job.rowCount, charged: credits(job.charactersCharged) })}
                  {job.failedRows > 0 && ` · ${t('failedRows', { n: job.failedRows })}`}
                </span>
              </span>
              {job.zipUrl && (
                <a className="btn btn-outline" href={job.zipUrl} download>
                  {t('download')}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
