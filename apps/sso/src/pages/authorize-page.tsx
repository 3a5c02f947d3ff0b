import { Alert, Hidden, Layout } from './layout.tsx'
import { t, type Lang } from './i18n.ts'

export interface AuthorizePageProps {
  lang: Lang
  nonce: string
  mode: 'login' | 'signup'
  action: string
  csrf: string
  /** The authorization request, echoed back as hidden fields. */
  hidden: Record<string, string | undefined>
  email?: string
  name?: string
  error?: string
  info?: string
  social: { id: string; label: string; href: string }[]
  switchHref: string
  forgotHref: string
  /** The product's terms and privacy pages, agreed to at sign-up. */
  legal?: { terms: string; privacy: string }
}

export const AuthorizePage = (p: AuthorizePageProps) => {
  const m = t(p.lang)
  const signup = p.mode === 'signup'
  return (
    <Layout lang={p.lang} title={signup ? m.signupTitle : m.loginTitle} nonce={p.nonce}>
      <h1>{signup ? m.signupTitle : m.loginTitle}</h1>
      <Alert kind="error" text={p.error} />
      <Alert kind="info" text={p.info} />
      <form method="post" action={p.action} noValidate>
        <input type="hidden" name="csrf" value={p.csrf} />
        <Hidden fields={p.hidden} />
        {signup ? (
          <>
            <label htmlFor="name">{m.name}</label>
            <input
              id="name"
              name="name"
              type="text"
              autoComplete="name"
              maxLength={100}
              defaultValue={p.name}
              required
            />
          </>
        ) : null}
        <label htmlFor="email">{m.email}</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete={signup ? 'email' : 'username'}
          defaultValue={p.email}
          maxLength={320}
          required
        />
        <label htmlFor="password">{m.password}</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete={signup ? 'new-password' : 'current-password'}
          minLength={signup ? 8 : undefined}
          required
        />
        {signup && p.legal ? (
          <p className="muted consent" data-testid="signup-consent">
            {m.consentBefore}
            <a href={p.legal.terms} target="_blank" rel="noopener">
              {m.terms}
            </a>
            {m.consentAnd}
            <a href={p.legal.privacy} target="_blank" rel="noopener">
              {m.privacy}
            </a>
            {m.consentAfter}
          </p>
        ) : null}
        <button type="submit">{signup ? m.signupButton : m.loginButton}</button>
      </form>
      {!signup ? (
        <p className="muted">
          <a href={p.forgotHref}>{m.forgot}</a>
        </p>
      ) : null}
      {p.social.length ? (
        <>
          <p className="divider">{m.or}</p>
          {p.social.map((s) => (
            <a key={s.id} className="button secondary" href={s.href}>
              {m.continueWith} {s.label}
            </a>
          ))}
        </>
      ) : null}
      <p className="muted">
        {signup ? m.haveAccount : m.noAccount} <a href={p.switchHref}>{signup ? m.toLogin : m.toSignup}</a>
      </p>
    </Layout>
  )
}
