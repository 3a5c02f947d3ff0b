const CARRIED = [
  'aff',
  'ads_provider',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'gclid',
  'fbclid',
  'ttclid',
]

/** The short link's http(s) target, with the attribution parameters of the short link's own address carried over. */
export const shortlinkTarget = (
  result: Record<string, unknown> | undefined,
  query: Record<string, string | string[] | undefined>,
): string | undefined => {
  const raw = result?.url ?? result?.targetUrl
  if (typeof raw !== 'string') return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  for (const name of CARRIED) {
    const value = query[name]
    if (typeof value === 'string' && value && !url.searchParams.has(name)) url.searchParams.set(name, value)
  }
  return url.toString()
}
