/**
 * Google One Tap through the Google Identity Services client (`https://accounts.google.com/gsi/client`, loaded by
 * `ExternalScripts` when a Google client id is configured). Only the part of its API the landing page uses.
 */
export const GOOGLE_GSI_SCRIPT_ID = 'google-gsi'

export interface GoogleCredentialResponse {
  /** The Google ID token (a JWT our SSO verifies). */
  credential?: string
  select_by?: string
}

export interface GoogleIdConfiguration {
  client_id: string
  callback: (response: GoogleCredentialResponse) => void
  auto_select?: boolean
  cancel_on_tap_outside?: boolean
  context?: 'signin' | 'signup' | 'use'
  itp_support?: boolean
  use_fedcm_for_prompt?: boolean
}

export interface GoogleAccountsId {
  initialize: (config: GoogleIdConfiguration) => void
  prompt: () => void
  cancel: () => void
}

type GoogleWindow = Window & { google?: { accounts?: { id?: GoogleAccountsId } } }

const accountsId = (win: Window): GoogleAccountsId | undefined => {
  const id = (win as GoogleWindow).google?.accounts?.id
  return id && typeof id.initialize === 'function' && typeof id.prompt === 'function' ? id : undefined
}

/**
 * `google.accounts.id` once the sign-in client script has loaded; `undefined` when the script is not on the page,
 * fails to load (blocked, offline) or does not provide the API. Never rejects.
 */
export const waitForGoogleIdentity = (
  win: Window = window,
  doc: Document = document,
): Promise<GoogleAccountsId | undefined> => {
  const ready = accountsId(win)
  if (ready) return Promise.resolve(ready)
  const script = doc.getElementById(GOOGLE_GSI_SCRIPT_ID)
  if (!script || script.tagName !== 'SCRIPT') return Promise.resolve(undefined)
  return new Promise((resolve) => {
    const done = () => {
      script.removeEventListener('load', done)
      script.removeEventListener('error', done)
      resolve(accountsId(win))
    }
    script.addEventListener('load', done)
    script.addEventListener('error', done)
  })
}
