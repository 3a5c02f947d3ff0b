import type { ReactNode } from 'react'
import { fill, t, type Lang } from './i18n.ts'

export interface SignInMethodsProps {
  lang: Lang
  /** The CSRF token and the page's query, as hidden fields of every form. */
  hidden: ReactNode
  hasPassword: boolean
  /** Configured providers (and any provider still linked but no longer configured), each with its identities. */
  providers: {
    id: string
    label: string
    configured: boolean
    identities: { subject: string; email: string | null }[]
  }[]
}

/**
 * The profile's "sign-in methods": the password, and per provider either its linked account (with Unlink) or a
 * Link button. Each action is a CSRF-protected POST; linking leaves for the provider and comes back here.
 */
export const SignInMethods = (p: SignInMethodsProps) => {
  const m = t(p.lang)
  return (
    <section aria-labelledby="sign-in-methods">
      <h2 id="sign-in-methods">{m.signInMethods}</h2>
      <p className="muted">{m.signInMethodsIntro}</p>
      <ul className="methods">
        <li data-method="password">
          <strong>{m.password}</strong>
          <br />
          <span className="muted">{p.hasPassword ? m.passwordSet : m.passwordNotSet}</span>
        </li>
        {p.providers.map((provider) => (
          <li key={provider.id} data-method={provider.id}>
            <strong>{provider.label}</strong>
            <br />
            {provider.identities.length === 0 ? <span className="muted">{m.notLinkedStatus}</span> : null}
            {provider.identities.map((identity) => (
              <form key={identity.subject} method="post" action="/profile/unlink">
                {p.hidden}
                <span className="muted">
                  {m.linkedStatus}
                  {identity.email ? ` · ${identity.email}` : ''}
                </span>
                <input type="hidden" name="provider" value={provider.id} />
                <input type="hidden" name="subject" value={identity.subject} />
                <button type="submit" className="secondary">
                  {fill(m.unlinkProvider, { provider: provider.label })}
                </button>
              </form>
            ))}
            {provider.identities.length === 0 && provider.configured ? (
              <form method="post" action="/profile/link">
                {p.hidden}
                <input type="hidden" name="provider" value={provider.id} />
                <button type="submit">{fill(m.linkProvider, { provider: provider.label })}</button>
              </form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
