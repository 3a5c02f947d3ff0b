/** Host of the current request (proxy header first), without port, lower case. */
export const requestHost = (headers: { get(name: string): string | null }): string => {
  const raw = headers.get('x-forwarded-host')?.split(',')[0] ?? headers.get('host') ?? ''
  return raw.trim().toLowerCase().replace(/:\d+$/, '')
}

/** Indexable only on the configured production landing domain (or its www. form). */
export const isProductionHost = (host: string, landingDomain: string): boolean => {
  const domain = landingDomain
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/[:/].*$/, '')
  return host === domain || host === `www.${domain}`
}
