'use client'
import { useTranslations } from '@/components/i18n/client-i18n'

/** A file input with the upload's progress bar under it (`progress` 0–1 while uploading, else null). */
export function UploadField({
  label,
  inputLabel,
  accept,
  progress,
  onFile,
}: {
  label: string
  inputLabel: string
  accept: string
  progress: number | null
  onFile: (file: File) => void
}) {
  const t = useTranslations('dubbing')
  return (
    <>
      <label className="dub-upload">
        <span>{label}</span>
        <input
          type="file"
          accept={accept}
          aria-label={inputLabel}
          disabled={progress !== null}
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) onFile(file)
          }}
        />
      </label>
      {progress !== null && (
        <progress
          className="dub-progress"
          data-testid="dub-upload-progress"
          max={1}
          value={progress}
          aria-label={t('uploading', { percent: Math.round(progress * 100) })}
        />
      )}
    </>
  )
}
