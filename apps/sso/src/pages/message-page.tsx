import type { ReactNode } from 'react'
import { Alert, Layout } from './layout.tsx'
import type { Lang } from './i18n.ts'

/** A simple page with a title, a message and optional content (errors, confirmations). */
export const MessagePage = ({
  lang,
  nonce,
  title,
  message,
  kind = 'info',
  children,
}: {
  lang: Lang
  nonce: string
  title: string
  message: string
  kind?: 'error' | 'info'
  children?: ReactNode
}) => (
  <Layout lang={lang} title={title} nonce={nonce}>
    <h1>{title}</h1>
    <Alert kind={kind} text={message} />
    {children}
  </Layout>
)
