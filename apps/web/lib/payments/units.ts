import { minutesAndSeconds, type CreditUnit } from '@loa/contracts/browser'

type Translate = (key: string, values?: Record<string, string | number>) => string

/**
 * A number of credits as a person reads it, with its unit (issue 28): characters as "12.400 ký tự" /
 * "12,400 characters"; dubbing seconds as "8 phút 31 giây" / "8 min 31 s" (whole minutes alone as "10 phút").
 * `t` reads the `checkout.units` messages.
 */
export const formatCredits = (amount: number, unit: CreditUnit, t: Translate, locale: string): string => {
  const nf = (n: number) => n.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN')
  if (unit === 'CHARACTER') return t('characters', { n: nf(amount) })
  const sign = amount < 0 ? '−' : ''
  const { minutes, seconds } = minutesAndSeconds(Math.abs(amount))
  if (minutes === 0) return sign + t('seconds', { s: seconds })
  if (seconds === 0) return sign + t('minutes', { m: nf(minutes) })
  return sign + t('minutesSeconds', { m: nf(minutes), s: seconds })
}
