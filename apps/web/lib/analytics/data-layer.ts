type DataLayerWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void }

/** The analytics data layer (shared by gtag and the tag manager). Safe when no tag is loaded. */
export const dataLayer = (): unknown[] => {
  const w = window as DataLayerWindow
  w.dataLayer ??= []
  return w.dataLayer
}

export const pageView = (path: string, tagId?: string): void => {
  const layer = dataLayer()
  const w = window as DataLayerWindow
  if (!w.gtag) {
    w.gtag = function gtag() {
      // gtag expects the `arguments` object itself.
      // eslint-disable-next-line prefer-rest-params
      layer.push(arguments)
    }
    w.gtag('js', new Date())
    if (tagId) w.gtag('config', tagId, { send_page_view: false })
  }
  layer.push({ event: 'page_view', page_path: path, page_location: window.location.href })
}

export const trackEvent = (event: string, params: Record<string, unknown> = {}): void => {
  dataLayer().push({ event, ...params })
}

/** Adds an async third-party script once; a load failure is swallowed (never breaks the page). */
export const loadScript = (id: string, src: string): void => {
  if (document.getElementById(id)) return
  const script = document.createElement('script')
  script.id = id
  script.async = true
  script.src = src
  script.onerror = () => script.setAttribute('data-failed', 'true')
  document.head.appendChild(script)
}
