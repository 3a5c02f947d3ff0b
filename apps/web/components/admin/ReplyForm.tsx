'use client'
import { useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { newIdempotencyKey, useAdminApi } from './admin-api'
import { useAdminCommand } from './use-admin-command'
import { Button } from '@/components/ui/Button'

/** A mail reply to a ticket or contact message, queued in the outbox once per written reply. */
export function ReplyForm({ kind, id, label }: { kind: 'tickets' | 'contacts'; id: string; label: string }) {
  const t = useTranslations('admin')
  const api = useAdminApi()
  const [text, setText] = useState('')
  const [key, setKey] = useState(newIdempotencyKey)
  const { busy, run } = useAdminCommand()
  const send = async (e: React.FormEvent) => {
    e.preventDefault()
    if (text.trim().length < 2) return
    const sent = await run(
      () => api.reply(kind, id, text.trim(), key),
      (r) => t('support.replied', { to: r.to }),
    )
    if (!sent) return
    setText('')
    setKey(newIdempotencyKey())
  }
  return (
    <form className="admin-inline" onSubmit={send}>
      <textarea
        aria-label={`${t('support.reply')} ${label}`}
        rows={2}
        maxLength={20_000}
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          setKey(newIdempotencyKey())
        }}
      />
      <Button type="submit" variant="quiet" disabled={busy}>
        {t('support.send')}
      </Button>
    </form>
  )
}
