import type { ReactNode } from 'react'
import type { Lang } from './i18n.ts'

const CSS = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f3ff;color:#1c2333}
main{max-width:420px;margin:48px auto;padding:32px;background:#fff;border-radius:16px;box-shadow:0 8px 30px rgba(20,30,60,.08)}
main.wide{max-width:640px}h1{font-size:1.5rem;margin:0 0 20px}h2{font-size:1.1rem;margin:28px 0 12px}
label{display:block;font-weight:600;margin:14px 0 6px}input{width:100%;padding:10px 12px;border:1px solid #c8cfdd;border-radius:10px;font-size:1rem}
button,.button{display:inline-block;width:100%;margin-top:18px;padding:11px;border:0;border-radius:10px;background:#5b21b6;color:#fff;font-weight:600;font-size:1rem;cursor:pointer;text-align:center;text-decoration:none}
button.secondary,.button.secondary{background:#fff;color:#1c2333;border:1px solid #c8cfdd}button.danger{background:#c62828}
.alert{padding:10px 12px;border-radius:10px;margin-bottom:14px}.alert.error{background:#fdecea;color:#8a1c1c}.alert.info{background:#e8f0fe;color:#1a3e8a}
.muted{color:#5b6478;font-size:.9rem}.row{display:flex;justify-content:space-between;gap:8px;align-items:center}
.divider{text-align:center;color:#8a93a6;margin:18px 0 0}ul.sessions,ul.methods{list-style:none;padding:0}ul.sessions li,ul.methods li{border:1px solid #e3e7ef;border-radius:10px;padding:10px;margin:8px 0}
a{color:#5b21b6}.brand{display:inline-flex;align-items:center;gap:8px;font-weight:800;color:#111827;font-size:1.3rem;margin-bottom:16px;text-decoration:none}
button:hover,.button:hover{background:#4c1d95}button.secondary:hover,.button.secondary:hover{background:#f5f3ff}
:focus-visible{outline:3px solid #be185d;outline-offset:2px}.consent{margin:14px 0 0}
@media (max-width:480px){main{margin:0;border-radius:0;box-shadow:none;padding:24px 16px}}
`

export const Layout = ({
  lang,
  title,
  nonce,
  wide,
  children,
}: {
  lang: Lang
  title: string
  nonce: string
  wide?: boolean
  children: ReactNode
}) => (
  <html lang={lang}>
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex" />
      <title>{title}</title>
      <style nonce={nonce}>{CSS}</style>
    </head>
    <body>
      <main className={wide ? 'wide' : undefined}>
        <span className="brand">
          {/* The product's logo (the web's header mark). */}
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="#5b21b6" />
            <path d="M8 13h4l6-5v16l-6-5H8z" fill="#fff" />
            <path d="M21 11a6 6 0 0 1 0 10" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
          </svg>
          Loa
        </span>
        {children}
      </main>
    </body>
  </html>
)

export const Alert = ({ kind, text }: { kind: 'error' | 'info'; text?: string }) =>
  text ? (
    <div className={`alert ${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {text}
    </div>
  ) : null

export const Hidden = ({ fields }: { fields: Record<string, string | undefined> }) => (
  <>
    {Object.entries(fields)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
  </>
)
