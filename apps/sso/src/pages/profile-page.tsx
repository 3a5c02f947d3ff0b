import { Alert, Hidden, Layout } from './layout.tsx'
import { t, type Lang } from './i18n.ts'
import { SignInMethods, type SignInMethodsProps } from './sign-in-methods.tsx'

export interface ProfilePageProps {
  lang: Lang
  nonce: string
  csrf: string
  query: Record<string, string | undefined>
  user: {
    email: string
    name: string
    avatarUrl: string | null
    emailVerified: boolean
    deletionRequested: boolean
  }
  sessions: {
    id: string
    current: boolean
    userAgent: string | null
    /** Readable name of the device ("Chrome · Windows"). */
    device: string | null
    /** Local time in Vietnam, and the instant for <time>. */
    lastSeen: string
    lastSeenIso: string
  }[]
  signInMethods: Omit<SignInMethodsProps, 'lang' | 'hidden'>
  notice?: string
  error?: string
  backHref?: string
}

export const ProfilePage = (p: ProfilePageProps) => {
  const m = t(p.lang)
  const hidden = (
    <>
      <input type="hidden" name="csrf" value={p.csrf} />
      <Hidden fields={p.query} />
    </>
  )
  return (
    <Layout lang={p.lang} title={m.profileTitle} nonce={p.nonce} wide>
      <div className="row">
        <h1>{m.profileTitle}</h1>
        {p.backHref ? <a href={p.backHref}>{m.backToApp}</a> : null}
      </div>
      <Alert kind="info" text={p.notice} />
      <Alert kind="error" text={p.error} />
      <p className="muted">{p.user.email}</p>
      {!p.user.emailVerified ? (
        <form method="post" action="/profile/verify-email">
          {hidden}
          <Alert kind="error" text={m.unverified} />
          <button type="submit" className="secondary">
            {m.resendVerify}
          </button>
        </form>
      ) : null}
      <form method="post" action="/profile/update">
        {hidden}
        {p.user.avatarUrl ? <img src={p.user.avatarUrl} alt="" width={64} height={64} /> : null}
        <label htmlFor="name">{m.name}</label>
        <input id="name" name="name" type="text" maxLength={100} defaultValue={p.user.name} required />
        <label htmlFor="avatar">{m.avatar}</label>
        <input
          id="avatar"
          name="avatar_url"
          type="url"
          maxLength={2000}
          defaultValue={p.user.avatarUrl ?? ''}
        />
        <button type="submit">{m.save}</button>
      </form>
      <h2>{m.changePassword}</h2>
      <form method="post" action="/profile/password">
        {hidden}
        <label htmlFor="current_password">{m.currentPassword}</label>
        <input
          id="current_password"
          name="current_password"
          type="password"
          autoComplete="current-password"
        />
        <label htmlFor="new_password">{m.newPassword}</label>
        <input
          id="new_password"
          name="new_password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          required
        />
        <button type="submit">{m.changePassword}</button>
      </form>
      <SignInMethods lang={p.lang} hidden={hidden} {...p.signInMethods} />
      <h2>{m.sessions}</h2>
      <ul className="sessions">
        {p.sessions.map((s) => (
          <li key={s.id}>
            <div className="row">
              <span>
                {s.current ? <strong>{m.thisSession}</strong> : null}{' '}
                <span title={s.userAgent ?? undefined}>{s.device ?? ''}</span>
                <br />
                <span className="muted">
                  {m.lastSeen}: <time dateTime={s.lastSeenIso}>{s.lastSeen}</time>
                </span>
              </span>
              <form method="post" action="/profile/sessions/revoke">
                {hidden}
                <input type="hidden" name="session_id" value={s.id} />
                <button type="submit" className="secondary">
                  {m.revoke}
                </button>
              </form>
            </div>
          </li>
        ))}
      </ul>
      <h2>{m.deleteAccount}</h2>
      {p.user.deletionRequested ? (
        <p>{m.deleteRequested}</p>
      ) : (
        <form method="post" action="/profile/delete">
          {hidden}
          <p className="muted">{m.deleteIntro}</p>
          <button type="submit" className="danger">
            {m.deleteAccount}
          </button>
        </form>
      )}
    </Layout>
  )
}
