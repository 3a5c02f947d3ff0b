'use client'
import { useId, useRef, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { useApi } from '@/components/shell/config-context'
import { useAuth } from '@/components/auth/AuthProvider'
import { errorKey } from '@/lib/errors'
import { toast } from '@/lib/store/toast-store'
import { SUPPORT_MAX_FILE_BYTES, uploadSupportFile } from '@/lib/upload'
import { FileDrop } from '@/components/ui/FileDrop'
import { Button } from '@/components/ui/Button'

/** The API's ticket categories. */
const CATEGORIES = ['FEEDBACK', 'SUGGEST_FEATURE', 'BUG', 'PAYMENT', 'ACCOUNT', 'OTHER'] as const

/** Support ticket form with an optional attachment uploaded through the presigned-URL flow. */
export function SupportForm() {
  const t = useTranslations()
  const api = useApi()
  const auth = useAuth()
  const id = useId()
  const fileRef = useRef<HTMLInputElement>(null)
  const [state, setState] = useState<'idle' | 'uploading' | 'sending'>('idle')
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null)

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const formElement = event.currentTarget
    const data = new FormData(formElement)
    const text = (name: string) => String(data.get(name) ?? '').trim()
    const ticket = {
      name: text('name'),
      email: text('email'),
      phoneNumber: text('phoneNumber') || undefined,
      category: text('category'),
      subject: text('subject'),
      content: text('content'),
      attachments: [] as string[],
    }
    if (!ticket.name || !ticket.email || !ticket.subject || !ticket.content || !ticket.category) {
      setMessage({ kind: 'error', text: t('support.required') })
      return
    }
    const file = fileRef.current?.files?.[0]
    if (file && file.size > SUPPORT_MAX_FILE_BYTES) {
      setMessage({ kind: 'error', text: t('support.fileTooLarge') })
      return
    }
    setMessage(null)
    try {
      if (file) {
        setState('uploading')
        ticket.attachments.push(await uploadSupportFile(api, file, auth.token))
      }
    } catch {
      setState('idle')
      setMessage({ kind: 'error', text: t('support.uploadFailed') })
      toast.error(t('support.uploadFailed'))
      return
    }
    setState('sending')
    const body = await api.createSupportTicket(ticket, auth.token)
    setState('idle')
    if (body.status === 1) {
      // The short code (LOA-…) is what a customer can quote; the raw id only from an older API.
      const result = body.result as { id?: string | number; code?: string } | undefined
      const ticketId = result?.code ?? result?.id
      const text = ticketId ? t('support.success', { id: String(ticketId) }) : t('support.successNoId')
      setMessage({ kind: 'ok', text })
      toast.success(text)
      formElement.reset()
    } else {
      const text = t(`errors.${errorKey(body)}`)
      setMessage({ kind: 'error', text })
      toast.error(text)
    }
  }

  return (
    <form className="support-form" onSubmit={submit} noValidate aria-label={t('support.title')}>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('support.name')}</label>
        <input id={`${id}-name`} name="name" autoComplete="name" required maxLength={100} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>{t('support.email')}</label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="email" required maxLength={254} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-phone`}>{t('support.phoneNumber')}</label>
        <input id={`${id}-phone`} name="phoneNumber" type="tel" autoComplete="tel" maxLength={20} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-category`}>{t('support.category')}</label>
        <select id={`${id}-category`} name="category" required defaultValue="FEEDBACK">
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`support.categories.${c}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field field-wide">
        <label htmlFor={`${id}-title`}>{t('support.titleField')}</label>
        <input id={`${id}-title`} name="subject" required maxLength={200} />
      </div>
      <div className="field field-wide">
        <label htmlFor={`${id}-content`}>{t('support.content')}</label>
        <textarea id={`${id}-content`} name="content" rows={6} required maxLength={5000} />
      </div>
      <div className="field field-wide">
        <FileDrop
          id={`${id}-file`}
          inputRef={fileRef}
          name="file"
          label={t('support.attachment')}
          accept="image/png,image/jpeg,image/webp,application/pdf,.txt"
        />
      </div>
      <div className="field-wide">
        <Button type="submit" variant="primary" disabled={state !== 'idle'}>
          {state === 'uploading' ? t('support.uploading') : t('support.submit')}
        </Button>
        {message && (
          <p
            className={message.kind === 'ok' ? 'form-success' : 'field-error'}
            role={message.kind === 'ok' ? 'status' : 'alert'}
          >
            {message.text}
          </p>
        )}
      </div>
    </form>
  )
}
