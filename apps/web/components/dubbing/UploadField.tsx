'use client'
import { FileDrop } from '@/components/ui/FileDrop'

/** The dubbing upload: a drop zone with the upload's progress bar under it (`progress` 0–1 while uploading, else null). */
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
  return (
    <div className="dub-upload">
      <FileDrop
        label={label}
        inputLabel={inputLabel}
        accept={accept}
        disabled={progress !== null}
        progress={progress}
        progressTestId="dub-upload-progress"
        resetAfterPick
        onFiles={([file]) => {
          if (file) onFile(file)
        }}
      />
    </div>
  )
}
