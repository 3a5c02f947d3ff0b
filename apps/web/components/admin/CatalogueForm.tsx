'use client'
import { useMemo, useState, type FormEvent } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { HttpError } from '@/lib/http/client'
import {
  CATALOGUE_FIELDS,
  labelKey,
  serverFieldErrors,
  toBody,
  toForm,
  type FieldErrors,
  type FieldSpec,
  type FormValues,
} from '@/lib/admin/catalogue-fields'
import { toast } from '@/lib/store/toast-store'
import { adminErrorKey, useAdminApi, type CatalogueRow } from './admin-api'
import { Button } from '@/components/ui/Button'

interface Props {
  resource: string
  /** The row's key field (`code`, `slug`). */
  keyField: string
  /** The row to edit, or null for a new one. */
  row: CatalogueRow | null
  onDone: () => void
  onCancel: () => void
}

/**
 * Create or edit one catalogue row: every field of the resource (Vietnamese fields and their English
 * translation side by side), checked here first, then by the API; its validation answer is shown field by field.
 */
export function CatalogueForm({ resource, keyField, row, onDone, onCancel }: Props) {
  const t = useTranslations('admin')
  const api = useAdminApi()
  const fields = CATALOGUE_FIELDS[resource]!
  const original = useMemo(() => (row ? toForm(fields, row) : null), [fields, row])
  const [values, setValues] = useState<FormValues>(() => toForm(fields, row))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const idBase = `cf-${resource}-${row ? String(row[keyField]) : 'new'}`
  const set = (name: string, value: string | boolean | string[]) =>
    setValues((v) => ({ ...v, [name]: value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const { body, errors: local } = toBody(fields, values, original)
    setErrors(local)
    setFormError(null)
    if (Object.keys(local).length) return setFormError(t('catalogue.fixFields'))
    if (row && !Object.keys(body).length) return setFormError(t('catalogue.nothingChanged'))
    setBusy(true)
    try {
      if (row) await api.patch(resource, String(row[keyField]), body)
      else await api.create(resource, body)
      toast.success(t('saved'))
      onDone()
    } catch (error) {
      const fieldErrors = error instanceof HttpError ? serverFieldErrors(fields, error.body) : {}
      setErrors(fieldErrors)
      const message =
        error instanceof HttpError && error.code === 'VALIDATION_FAILED' && !Object.keys(fieldErrors).length
          ? t('catalogue.invalidForm', {
              detail: String((error.body as { errorMessage?: string }).errorMessage),
            })
          : t(adminErrorKey(error))
      setFormError(message)
    } finally {
      setBusy(false)
    }
  }

  const input = (field: FieldSpec, id: string, described: string | undefined) => {
    const common = {
      id,
      name: field.name,
      'aria-invalid': errors[field.name] ? true : undefined,
      'aria-describedby': described,
    }
    const value = values[field.name]
    if (field.kind === 'bool')
      return (
        <input
          {...common}
          type="checkbox"
          checked={Boolean(value)}
          onChange={(e) => set(field.name, e.target.checked)}
        />
      )
    if (field.kind === 'set')
      return (
        <span className="admin-inline" role="group" aria-labelledby={`${id}-label`} id={id}>
          {field.options!.map((option) => {
            const list = value as string[]
            return (
              <label key={option}>
                <input
                  type="checkbox"
                  checked={list.includes(option)}
                  onChange={(e) =>
                    set(field.name, e.target.checked ? [...list, option] : list.filter((x) => x !== option))
                  }
                />
                {option}
              </label>
            )
          })}
        </span>
      )
    if (field.kind === 'enum')
      return (
        <select {...common} value={String(value)} onChange={(e) => set(field.name, e.target.value)}>
          {!field.required && <option value="">—</option>}
          {field.options!.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )
    if (field.kind === 'textarea' || field.kind === 'lines')
      return (
        <textarea
          {...common}
          rows={field.kind === 'lines' ? 3 : 4}
          value={String(value)}
          onChange={(e) => set(field.name, e.target.value)}
        />
      )
    return (
      <input
        {...common}
        type={field.kind === 'datetime' ? 'datetime-local' : 'text'}
        inputMode={field.kind === 'int' || field.kind === 'money' ? 'numeric' : undefined}
        readOnly={Boolean(row && field.key)}
        required={field.required}
        value={String(value)}
        onChange={(e) => set(field.name, e.target.value)}
      />
    )
  }

  return (
    <form
      className="admin-form admin-edit-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid={`${idBase}-form`}
    >
      <h3>{row ? t('catalogue.editTitle', { key: String(row[keyField]) }) : t('catalogue.newTitle')}</h3>
      <div className="admin-form-grid">
        {fields.map((field) => {
          const id = `${idBase}-${field.name.replace(/\./g, '-')}`
          const error = errors[field.name]
          const hint = field.kind === 'lines' ? `${id}-hint` : undefined
          const described = [hint, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined
          return (
            <div key={field.name} className={`admin-field admin-field-${field.kind}`}>
              <label htmlFor={id} id={`${id}-label`}>
                {t(`catalogue.fields.${labelKey(field.name)}`)}
                {field.required && <span aria-hidden="true"> *</span>}
              </label>
              {input(field, id, described)}
              {hint && (
                <small id={hint} className="admin-muted">
                  {t('catalogue.onePerLine')}
                </small>
              )}
              {error && (
                <small id={`${id}-error`} className="admin-error" role="alert">
                  {t(`catalogue.invalid.${error}`)}
                </small>
              )}
            </div>
          )
        })}
      </div>
      {formError && (
        <p className="admin-error" role="alert">
          {formError}
        </p>
      )}
      <div className="admin-inline">
        <Button type="submit" variant="primary" disabled={busy}>
          {t('save')}
        </Button>
        <Button variant="quiet" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  )
}
