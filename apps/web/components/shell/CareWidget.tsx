'use client'
import { useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { FlagsProvider, useFlag, type FlagAttributes } from '@/components/flags/FlagsProvider'
import { usePublicConfig } from './config-context'
import { careChatUrl } from '@/lib/routes'
import { IconButton } from '@/components/ui/IconButton'

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

/**
 * Customer-care widget (spec §2), bottom right on every page but /demo. The round toggle opens/closes it and shows
 * or hides `#chat-root`. The `chatbot` flag (evaluated with the visitor IP) picks an embedded support chat (on) or
 * three round buttons (off): feedback/suggest → /support in a new window, phone call, chat link.
 */
function CareWidgetContent({ locale }: { locale: string }) {
  const t = useTranslations('widget')
  const config = usePublicConfig()
  const chatbot = useFlag('chatbot')
  const [open, setOpen] = useState(false)
  const supportHref = locale === 'en' ? '/en/support' : '/support'

  return (
    <div className="care-widget" data-open={open}>
      <div id="chat-root" hidden={!open} data-chatbot={chatbot.ready ? String(chatbot.on) : 'loading'}>
        {open && chatbot.ready && chatbot.on && (
          <iframe
            className="care-chat-frame"
            src={careChatUrl(config.chatEmbedUrl, config.webUrl, locale)}
            title={t('chatFrame')}
            loading="lazy"
          />
        )}
        {open && chatbot.ready && !chatbot.on && (
          <ul className="care-actions">
            <li>
              <a
                className="care-action care-feedback"
                href={supportHref}
                target="_blank"
                rel="noopener"
                aria-label={t('feedback')}
                title={t('feedback')}
                onClick={(event) => {
                  event.preventDefault()
                  window.open(supportHref, '_blank', 'noopener')
                }}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M4 4h16v12H7l-3 3V4zm4 5h8v2H8V9z" />
                </svg>
              </a>
            </li>
            <li>
              <a
                className="care-action care-phone"
                href={telHref(config.supportPhone)}
                aria-label={t('call', { phone: config.supportPhone })}
                title={t('call', { phone: config.supportPhone })}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M6.6 10.8a15 15 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1l-2.3 2.2z" />
                </svg>
              </a>
            </li>
            <li>
              <a
                className="care-action care-chat"
                href={config.chatLink}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('chat')}
                title={t('chat')}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M12 3C6.5 3 2 6.8 2 11.5c0 2.6 1.4 4.9 3.6 6.5L5 21l3.4-1.8c1.1.3 2.3.5 3.6.5 5.5 0 10-3.8 10-8.5S17.5 3 12 3z" />
                </svg>
              </a>
            </li>
          </ul>
        )}
      </div>
      <IconButton
        className="care-toggle"
        aria-expanded={open}
        aria-controls="chat-root"
        label={open ? t('close') : t('open')}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          {open ? (
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          ) : (
            <path d="M12 3a8 8 0 0 0-8 8v5a3 3 0 0 0 3 3h1v-7H6v-1a6 6 0 0 1 12 0v1h-2v7h1.3A3 3 0 0 1 14 21h-2v2h2a5 5 0 0 0 5-4.2A3 3 0 0 0 20 16v-5a8 8 0 0 0-8-8z" />
          )}
        </svg>
      </IconButton>
    </div>
  )
}

/** The widget with its flags (GrowthBook React SDK); loaded after hydration by the shell. */
export default function CareWidget({ attributes }: { attributes: FlagAttributes }) {
  const config = usePublicConfig()
  return (
    <FlagsProvider apiHost={config.flagsUrl} clientKey={config.flagsClientKey} attributes={attributes}>
      <CareWidgetContent locale={attributes.locale} />
    </FlagsProvider>
  )
}
