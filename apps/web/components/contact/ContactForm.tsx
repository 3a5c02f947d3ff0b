'use client'
import { useId, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import type { ContactForm as ContactFields } from '@/lib/api/types'
import {
  CONTACT_LIMITS,
  CONTACT_PURPOSES,
  normalizePhone,
  validateContact,
  type ContactErrors,
} from '@/lib/contact'
import { errorKey } from '@/lib/errors'
import { toast } from '@/lib/store/toast-store'
import { useApi } from '@/components/shell/config-context'
import { Button } from '@/components/ui/Button'

const EMPTY: ContactFields = { name: '', email: '', phoneNumber: '', purpose: '', content: '' }

/** Contact form (name, email, phone number, purpose, content) with validation → `POST /api/v1/contacts`. */
export function ContactForm() {
  const t = useTranslations()
  const api = useApi()
  const id = useId()
  const [form, setForm] = useState<ContactFields>(EMPTY)
  const [errors, setErrors] = useState<ContactErrors>({})
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState(false)

  const set =
    (field: keyof ContactFields) =>
    (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      setForm((f) => ({ ...f, [field]: e.target.value }))
      setSent(false)
      if (errors[field]) setErrors((prev) => ({ ...prev, [field]: undefined }))
    }

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = validateContact(form)
    setErrors(found)
    const first = (Object.keys(found) as (keyof ContactFields)[]).find((k) => found[k])
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus()
      return
    }
    setSending(true)
    const body = await api.postContact({
      ...form,
      name: form.name.trim(),
      email: form.email.trim(),
      phoneNumber: normalizePhone(form.phoneNumber),
    })
    setSending(false)
    if (body.status === 1) {
      setForm(EMPTY)
      setSent(true)
      toast.success(t('contact.success'))
    } else {
      toast.error(t(`errors.${errorKey(body)}`))
    }
  }

  const field = (name: keyof ContactFields) => ({
    id: `${id}-${name}`,
    name,
    value: form[name],
    onChange: set(name),
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  })
  const error = (name: keyof ContactFields) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field-error" data-field={name}>
        {t(`contact.errors.${errors[name]}`)}
      </p>
    ) : null

  return (
    <form className="contact-form" onSubmit={submit} noValidate aria-label={t('contact.title')}>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('contact.name')}</label>
        <input type="text" autoComplete="name" maxLength={CONTACT_LIMITS.name} {...field('name')} />
        {error('name')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>{t('contact.email')}</label>
        <input type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} {...field('email')} />
        {error('email')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-phoneNumber`}>{t('contact.phoneNumber')}</label>
        <input type="tel" autoComplete="tel" maxLength={20} {...field('phoneNumber')} />
        {error('phoneNumber')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-purpose`}>{t('contact.purpose')}</label>
        <select {...field('purpose')}>
          <option value="">—</option>
          {CONTACT_PURPOSES.map((p) => (
            <option key={p} value={p}>
              {t(`contact.purposes.${p}`)}
            </option>
          ))}
        </select>
        {error('purpose')}
      </div>
      <div className="field field-wide">
        <label htmlFor={`${id}-content`}>{t('contact.content')}</label>
        <textarea rows={4} maxLength={CONTACT_LIMITS.content} {...field('content')} />
        {error('content')}
      </div>
      <div className="field-wide">
        <Button type="submit" variant="primary" disabled={sending}>
          {sending ? t('contact.sending') : t('contact.submit')}
        </Button>
        {sent && (
          <p className="form-success" role="status">
            {t('contact.success')}
          </p>
        )}
      </div>
    </form>
  )
}
