'use client'
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode, type Ref } from 'react'
import { useTranslations } from '../i18n/client-i18n'
import { acceptsFile } from './file-accept'

export interface FileDropProps {
  /** The visible name of the field; also the input's accessible name unless `inputLabel` is given. */
  label: ReactNode
  inputLabel?: string
  hint?: ReactNode
  accept?: string
  multiple?: boolean
  name?: string
  id?: string
  disabled?: boolean
  required?: boolean
  /** Upload progress 0–1 while uploading, else null/undefined (no bar). */
  progress?: number | null
  progressTestId?: string
  inputTestId?: string
  inputRef?: Ref<HTMLInputElement>
  onFiles?: (files: File[]) => void
  /** Forget the choice after handing it over, so picking the same file again fires again (upload-on-pick fields). */
  resetAfterPick?: boolean
}

/**
 * A file field: a drop zone with a "choose" action, the chosen file's name and an upload progress bar. The real
 * `<input type=file>` stays in the page, visually hidden but focusable, so keyboards (Space/Enter open the picker),
 * screen readers and forms (FormData, `input.files`) work as with a bare input; the zone shows its focus ring.
 */
export function FileDrop({
  label,
  inputLabel,
  hint,
  accept,
  multiple = false,
  name,
  id,
  disabled = false,
  required,
  progress,
  progressTestId,
  inputTestId,
  inputRef,
  onFiles,
  resetAfterPick = false,
}: FileDropProps) {
  const t = useTranslations('ui.fileDrop')
  const autoId = useId()
  const inputId = id ?? `${autoId}-file`
  const labelId = `${inputId}-label`
  const statusId = `${inputId}-status`
  const localRef = useRef<HTMLInputElement | null>(null)
  const [names, setNames] = useState<string[]>([])
  const [dragging, setDragging] = useState(false)
  const [error, setError] = useState<string | null>(null)

  // A form's reset empties the input; the zone must stop naming the old file too.
  useEffect(() => {
    const form = localRef.current?.form
    if (!form) return
    const clear = () => {
      setNames([])
      setError(null)
    }
    form.addEventListener('reset', clear)
    return () => form.removeEventListener('reset', clear)
  }, [])

  const setRefs = (element: HTMLInputElement | null) => {
    localRef.current = element
    if (typeof inputRef === 'function') inputRef(element)
    else if (inputRef) inputRef.current = element
  }

  const take = (files: File[]) => {
    setError(null)
    setNames(resetAfterPick ? [] : files.map((f) => f.name))
    if (files.length > 0) onFiles?.(files)
  }

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    if (disabled) return
    const dropped = Array.from(event.dataTransfer.files).slice(0, multiple ? undefined : 1)
    const rejected = dropped.find((file) => !acceptsFile(accept, file))
    if (rejected) {
      setError(t('wrongType', { name: rejected.name, accept: accept ?? '' }))
      return
    }
    // Forms read the input (FormData, input.files): give it the dropped files as a pick would.
    const input = localRef.current
    if (input && !resetAfterPick) {
      try {
        input.files = event.dataTransfer.files
      } catch {
        // a browser that refuses a FileList assignment still gets the files through onFiles
      }
    }
    take(dropped)
  }

  const percent = progress === null || progress === undefined ? null : Math.round(progress * 100)
  const classes = ['ui-filedrop', dragging && 'is-dragging', disabled && 'is-disabled']
    .filter(Boolean)
    .join(' ')
  return (
    <div
      className={classes}
      onDragOver={(event) => {
        event.preventDefault()
        if (!disabled) setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <input
        ref={setRefs}
        id={inputId}
        className="ui-filedrop-input"
        type="file"
        name={name}
        accept={accept}
        multiple={multiple}
        required={required}
        disabled={disabled}
        aria-label={inputLabel}
        aria-labelledby={inputLabel ? undefined : labelId}
        aria-describedby={statusId}
        data-testid={inputTestId}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? [])
          if (resetAfterPick) event.target.value = ''
          take(files)
        }}
      />
      <label htmlFor={inputId} className="ui-filedrop-zone">
        <span id={labelId} className="ui-filedrop-label">
          {label}
        </span>
        <span className="ui-filedrop-action">
          <span className="btn btn-outline btn-sm" aria-hidden="true">
            {t('choose')}
          </span>
          <span className="ui-filedrop-or">{t('orDrop')}</span>
        </span>
        <span id={statusId} className="ui-filedrop-status">
          <span className="ui-filedrop-name" aria-live="polite">
            {names.length > 0 ? t('chosen', { name: names.join(', ') }) : t('none')}
          </span>
          {hint && <span className="ui-filedrop-hint"> {hint}</span>}
        </span>
      </label>
      {error && (
        <p className="ui-field-error" role="alert">
          {error}
        </p>
      )}
      {percent !== null && (
        <div
          className="ui-progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={t('progress', { percent })}
          data-testid={progressTestId}
        >
          <span className="ui-progress-bar" style={{ width: `${percent}%` }} />
        </div>
      )}
    </div>
  )
}
