/** Visitor id kept in localStorage (spec §3 "Demo event": fingerprint). */
export const FINGERPRINT_KEY = 'loa_fingerprint'

const randomId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

export const getFingerprint = (
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.localStorage,
): string => {
  try {
    const existing = storage.getItem(FINGERPRINT_KEY)
    if (existing) return existing
    const id = randomId()
    storage.setItem(FINGERPRINT_KEY, id)
    return id
  } catch {
    return randomId()
  }
}
