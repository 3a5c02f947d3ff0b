import { getLocale } from 'next-intl/server'
import { NotFoundPage } from '@/components/site/NotFoundPage'

/** The not-found boundary: what the browser shows after a client-side navigation to an unknown address. */
export default async function NotFound() {
  return <NotFoundPage locale={await getLocale()} />
}
