import type { ContactForm } from './api/types'

export const CONTACT_PURPOSES = ['TTS', 'API', 'DUBBING', 'OTHER'] as const
export const CONTACT_LIMITS = { name: 100, email: 254, content: 2000, contentMin: 10 } as const

export type ContactErrorKey =
  'nameRequired' | 'emailInvalid' | 'phoneInvalid' | 'purposeRequired' | 'contentRequired' | 'tooLong'
export type ContactErrors = Partial<Record<keyof ContactForm, ContactErrorKey>>

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/
/** Vietnamese numbers: 0xxxxxxxxx or +84xxxxxxxxx (9–10 digits after the prefix); spaces, dots and dashes allowed. */
const PHONE = /^(\+84|84|0)\d{9,10}$/

export const normalizePhone = (phone: string): string => phone.replace(/[\s.\-()]/g, '')

/** Client-side validation of the contact form; keys are messages under `contact.errors`. */
export const validateContact = (form: ContactForm): ContactErrors => {
  const errors: ContactErrors = {}
  if (!form.name.trim()) errors.name = 'nameRequired'
  else if (form.name.trim().length > CONTACT_LIMITS.name) errors.name = 'tooLong'
  if (!EMAIL.test(form.email.trim()) || form.email.length > CONTACT_LIMITS.email)
    errors.email = 'emailInvalid'
  if (!PHONE.test(normalizePhone(form.phoneNumber))) errors.phoneNumber = 'phoneInvalid'
  if (!(CONTACT_PURPOSES as readonly string[]).includes(form.purpose)) errors.purpose = 'purposeRequired'
  if (form.content.trim().length < CONTACT_LIMITS.contentMin) errors.content = 'contentRequired'
  else if (form.content.length > CONTACT_LIMITS.content) errors.content = 'tooLong'
  return errors
}
