'use client'
import { useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import { newIdempotencyKey, PRODUCTS, useAdminApi, type Product, type UserPage } from './admin-api'
import { useAdminCommand } from './use-admin-command'
import { Button } from '@/components/ui/Button'

/**
 * Credit adjustment (mandatory reason; one idempotency key per filled-in form, so a double click or a retry of the
 * same submission is carried out once) and lock / unlock.
 */
export function UserActions({ user, onChanged }: { user: UserPage; onChanged: () => void }) {
  const t = useTranslations('admin')
  const api = useAdminApi()
  const id = user.profile.id
  const [product, setProduct] = useState<Product>('aivoice')
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [key, setKey] = useState(newIdempotencyKey)
  const { busy, run } = useAdminCommand()
  const [lockReason, setLockReason] = useState('')
  // A changed form is a new intent: it gets a new key.
  const edit =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v)
      setKey(newIdempotencyKey())
    }

  const adjust = async (e: React.FormEvent) => {
    e.preventDefault()
    const delta = Number(amount)
    if (!Number.isInteger(delta) || delta === 0 || reason.trim().length < 3) {
      toast.error(t('errors.VALIDATION_FAILED'))
      return
    }
    const done = await run(
      () => api.adjust(id, { product, delta, reason: reason.trim(), idempotencyKey: key }),
      (r) => (r.replayed ? t('users.replayed') : t('users.adjusted', { balance: r.balance })),
    )
    if (!done) return
    setAmount('')
    setReason('')
    setKey(newIdempotencyKey())
    onChanged()
  }

  const lock = async (locked: boolean) => {
    if (lockReason.trim().length < 3) {
      toast.error(t('errors.VALIDATION_FAILED'))
      return
    }
    const done = await run(
      () => api.setLocked(id, locked, lockReason.trim()),
      () => (locked ? t('users.lockDone') : t('users.unlockDone')),
    )
    if (!done) return
    setLockReason('')
    onChanged()
  }

  return (
    <div className="admin-actions">
      <form className="admin-form" onSubmit={adjust} aria-labelledby="adjust-title" data-testid="adjust-form">
        <h2 id="adjust-title">{t('users.adjustTitle')}</h2>
        <label>
          {t('users.product')}
          <select value={product} onChange={(e) => edit(setProduct)(e.target.value as Product)}>
            {PRODUCTS.map((p) => (
              <option key={p} value={p}>
                {t(`products.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('users.amount')}
          <input
            type="number"
            inputMode="numeric"
            step={1}
            required
            value={amount}
            onChange={(e) => edit(setAmount)(e.target.value)}
          />
        </label>
        <label>
          {t('users.adjustReason')}
          <input
            required
            minLength={3}
            maxLength={500}
            value={reason}
            onChange={(e) => edit(setReason)(e.target.value)}
          />
        </label>
        <Button type="submit" variant="primary" disabled={busy}>
          {t('users.adjust')}
        </Button>
      </form>
      <form className="admin-form" onSubmit={(e) => e.preventDefault()} aria-labelledby="lock-title">
        <h2 id="lock-title">{t('users.lockTitle')}</h2>
        {user.lock && (
          <p data-testid="lock-status">
            {t('users.lockedBy', {
              actor: user.lock.lockedBy,
              at: new Date(user.lock.lockedAt).toLocaleString(),
              reason: user.lock.reason,
            })}
          </p>
        )}
        <label>
          {t('users.lockReason')}
          <input
            required
            minLength={3}
            maxLength={500}
            value={lockReason}
            onChange={(e) => setLockReason(e.target.value)}
          />
        </label>
        {user.lock ? (
          <Button variant="primary" disabled={busy} onClick={() => void lock(false)}>
            {t('users.unlock')}
          </Button>
        ) : (
          <Button variant="danger" disabled={busy} onClick={() => void lock(true)}>
            {t('users.lock')}
          </Button>
        )}
      </form>
    </div>
  )
}
