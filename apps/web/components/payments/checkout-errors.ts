import { errorCodeOf } from '@/lib/studio/errors'

/** The `checkout.errors.*` key of a failed call (generic when the code has no translation). */
export const checkoutErrorKey = (error: unknown, t: (key: string) => string): string => {
  const key = `errors.${errorCodeOf(error) ?? 'generic'}`
  const text = t(key)
  return text === `checkout.${key}` ? t('errors.generic') : text
}
