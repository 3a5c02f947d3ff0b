import { headers } from 'next/headers'
import type { PublicConfig } from '@/lib/config'
import { readServerFlagDefault } from '@/lib/flags/server'
import { GOOGLE_GSI_SCRIPT_ID } from '@/lib/auth/google-one-tap'

/**
 * Third-party scripts decided on the server at page start: the tag manager only when `tracking-gtm-v2` is on (read
 * from the flags service; failure = off) and a container is configured, loaded from the server container URL; the
 * Google sign-in client only when a Google client id is configured. Both are async: a script that fails to load
 * never blocks or breaks the page.
 */
export async function ExternalScripts({ config }: { config: PublicConfig }) {
  const gtmOn = (await readServerFlagDefault('tracking-gtm-v2')) === true
  const gtmBase = (config.gtmServerContainerUrl ?? 'https://www.googletagmanager.com').replace(/\/+$/, '')
  // The CSP nonce of this response (proxy.ts): our one inline script needs it.
  const nonce = (await headers()).get('x-nonce') ?? undefined
  return (
    <>
      {gtmOn && config.gtmId && (
        <>
          <script
            id="gtm-init"
            nonce={nonce}
            dangerouslySetInnerHTML={{
              __html: `window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});`,
            }}
          />
          <script
            id="gtm"
            nonce={nonce}
            async
            src={`${gtmBase}/gtm.js?id=${encodeURIComponent(config.gtmId)}`}
          />
        </>
      )}
      {config.googleClientId && (
        <script
          id={GOOGLE_GSI_SCRIPT_ID}
          nonce={nonce}
          async
          defer
          src="https://accounts.google.com/gsi/client"
        />
      )}
    </>
  )
}
