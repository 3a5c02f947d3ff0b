import Script from 'next/script'
import type { PublicConfig } from '@/lib/config'
import { readServerFlagDefault } from '@/lib/flags/server'

/**
 * Third-party scripts decided on the server at page start: the tag manager only when `tracking-gtm-v2` is on (read
 * from the flags service; failure = off) and a container is configured, loaded from the server container URL; the
 * Google sign-in client only when a Google client id is configured. Both load after the page is interactive and
 * failures are ignored.
 */
export async function ExternalScripts({ config }: { config: PublicConfig }) {
  const gtmOn = (await readServerFlagDefault('tracking-gtm-v2')) === true
  const gtmBase = (config.gtmServerContainerUrl ?? 'https://www.googletagmanager.com').replace(/\/+$/, '')
  return (
    <>
      {gtmOn && config.gtmId && (
        <Script id="gtm-init" strategy="afterInteractive">
          {`window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});`}
        </Script>
      )}
      {gtmOn && config.gtmId && (
        <Script
          id="gtm"
          strategy="afterInteractive"
          src={`${gtmBase}/gtm.js?id=${encodeURIComponent(config.gtmId)}`}
          data-gtm-on="true"
        />
      )}
      {config.googleClientId && (
        <Script id="google-gsi" strategy="lazyOnload" src="https://accounts.google.com/gsi/client" />
      )}
    </>
  )
}
