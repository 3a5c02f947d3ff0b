'use client'
import { useCallback, useEffect, useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import {
  adminErrorKey,
  CONTACT_STATUSES,
  TICKET_STATUSES,
  useAdminApi,
  type ContactMessage,
  type ContactStatus,
  type Page,
  type Ticket,
  type TicketStatus,
} from './admin-api'
import { Pager } from './Pager'
import { ReplyForm } from './ReplyForm'
import { SimpleTable } from './SimpleTable'

const LIMIT = 20

/** Support inbox: tickets by status (attachments, status change) and contact-form messages. */
export function AdminSupport() {
  const t = useTranslations('admin')
  const locale = useLocale()
  const api = useAdminApi()
  const [status, setStatus] = useState<TicketStatus | ''>('OPEN')
  const [offset, setOffset] = useState(0)
  const [tickets, setTickets] = useState<Page<Ticket> | null>(null)
  const [contactStatus, setContactStatus] = useState<ContactStatus | ''>('NEW')
  const [contactOffset, setContactOffset] = useState(0)
  const [contacts, setContacts] = useState<Page<ContactMessage> | null>(null)
  const when = (iso: string) => new Date(iso).toLocaleString(locale)
  const fail = useCallback((error: unknown) => toast.error(t(adminErrorKey(error))), [t])
  const load = useCallback(() => {
    api.tickets(status, offset, LIMIT).then(setTickets).catch(fail)
  }, [api, status, offset, fail])
  useEffect(load, [load])
  const loadContacts = useCallback(() => {
    api.contacts(contactStatus, contactOffset, LIMIT).then(setContacts).catch(fail)
  }, [api, contactStatus, contactOffset, fail])
  useEffect(loadContacts, [loadContacts])

  const moveContact = async (contact: ContactMessage, next: ContactStatus) => {
    try {
      await api.setContactStatus(contact.id, next)
      toast.success(t('saved'))
      loadContacts()
    } catch (error) {
      fail(error)
    }
  }

  const move = async (ticket: Ticket, next: TicketStatus) => {
    try {
      await api.setTicketStatus(ticket.id, next)
      toast.success(t('saved'))
      load()
    } catch (error) {
      fail(error)
    }
  }

  return (
    <>
      <h1 id="shell-title">{t('support.title')}</h1>
      <label className="admin-inline">
        {t('support.filter')}
        <select
          value={status}
          onChange={(e) => {
            setOffset(0)
            setStatus(e.target.value as TicketStatus | '')
          }}
        >
          <option value="">{t('support.all')}</option>
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`support.statuses.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <SimpleTable
        title={t('support.tickets')}
        testId="admin-tickets"
        rows={tickets?.items ?? []}
        rowKey={(x) => x.id}
        empty={tickets ? t('empty') : t('loading')}
        columns={[
          { label: t('audit.when'), cell: (x) => when(x.createdAt) },
          { label: t('users.email'), cell: (x) => x.email },
          { label: t('support.subject'), cell: (x) => <strong>{x.subject}</strong> },
          { label: t('support.content'), cell: (x) => <span className="admin-json">{x.content}</span> },
          {
            label: t('support.reply'),
            cell: (x) => <ReplyForm kind="tickets" id={x.id} label={x.subject} />,
          },
          {
            label: t('support.attachments'),
            cell: (x) =>
              x.attachments.map((a) =>
                a.url ? (
                  <a key={a.key} href={a.url} target="_blank" rel="noopener noreferrer">
                    {a.key.split('/').at(-1)}
                  </a>
                ) : (
                  <span key={a.key}>{a.key}</span>
                ),
              ),
          },
          {
            label: t('users.status'),
            cell: (x) => (
              <select
                aria-label={`${t('users.status')} ${x.subject}`}
                value={x.status}
                onChange={(e) => void move(x, e.target.value as TicketStatus)}
              >
                {TICKET_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`support.statuses.${s}`)}
                  </option>
                ))}
              </select>
            ),
          },
        ]}
        footer={tickets && <Pager offset={offset} limit={LIMIT} total={tickets.total} onChange={setOffset} />}
      />
      <label className="admin-inline">
        {t('support.contactFilter')}
        <select
          value={contactStatus}
          onChange={(e) => {
            setContactOffset(0)
            setContactStatus(e.target.value as ContactStatus | '')
          }}
        >
          <option value="">{t('support.all')}</option>
          {CONTACT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`support.contactStatuses.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <SimpleTable
        title={t('support.contacts')}
        testId="admin-contacts"
        rows={contacts?.items ?? []}
        rowKey={(c) => String(c.id)}
        empty={contacts ? t('empty') : t('loading')}
        columns={[
          { label: t('audit.when'), cell: (c) => when(c.createdAt) },
          { label: t('users.name'), cell: (c) => c.name },
          { label: t('users.email'), cell: (c) => <a href={`mailto:${c.email}`}>{c.email}</a> },
          {
            label: t('support.phone'),
            cell: (c) => <a href={`tel:${c.phoneNumber.replace(/\s/g, '')}`}>{c.phoneNumber}</a>,
          },
          { label: t('support.purpose'), cell: (c) => c.purpose },
          { label: t('support.content'), cell: (c) => <span className="admin-json">{c.content}</span> },
          {
            label: t('support.reply'),
            cell: (c) => <ReplyForm kind="contacts" id={String(c.id)} label={c.email} />,
          },
          {
            label: t('users.status'),
            cell: (c) => (
              <select
                aria-label={`${t('users.status')} ${c.email}`}
                value={c.status}
                onChange={(e) => void moveContact(c, e.target.value as ContactStatus)}
              >
                {CONTACT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`support.contactStatuses.${s}`)}
                  </option>
                ))}
              </select>
            ),
          },
        ]}
        footer={
          contacts && (
            <Pager offset={contactOffset} limit={LIMIT} total={contacts.total} onChange={setContactOffset} />
          )
        }
      />
    </>
  )
}
