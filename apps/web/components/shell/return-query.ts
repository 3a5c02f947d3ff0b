/**
 * A sign-in leaves the site for the SSO, which matches redirect URIs exactly (a query would not come back). A choice
 * carried in the address (the package to buy) waits in this tab's session storage meanwhile, and is put back on the
 * address when the visitor returns signed in to that page (`ReturnQuery`).
 */
export const RETURN_QUERY_KEY = 'loa.auth.returnQuery'
/** A choice older than this (an abandoned sign-up) is dropped. */
export const RETURN_QUERY_TTL_MS = 30 * 60_000

interface Pending {
  path: string
  query: string
  at: number
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/**
 * The path the SSO should return to for `to` (a route without the locale prefix, maybe with a query); the query is
 * kept aside for the page at `prefix + path`. Storage failures only lose the choice, never the sign-in.
 */
export const keepReturnQuery = (
  store: Store | null,
  to: string,
  prefix: string,
  now = Date.now(),
): string => {
  const mark = to.indexOf('?')
  if (mark < 0) return to
  const path = to.slice(0, mark)
  const pending: Pending = { path: `${prefix}${path}`, query: to.slice(mark + 1), at: now }
  try {
    store?.setItem(RETURN_QUERY_KEY, JSON.stringify(pending))
  } catch {
    // private mode or quota: the page opens without the choice
  }
  return path
}

const readPending = (store: Store): Pending | null => {
  try {
    const value = JSON.parse(store.getItem(RETURN_QUERY_KEY) ?? 'null') as Partial<Pending> | null
    return value &&
      typeof value.path === 'string' &&
      typeof value.query === 'string' &&
      typeof value.at === 'number'
      ? (value as Pending)
      : null
  } catch {
    return null
  }
}

/**
 * The address to show instead of `href` (the kept query added to its own parameters), or null: nothing kept for this
 * page, or kept too long ago. A kept choice is used once; one for another page waits for it. An address still
 * carrying the SSO's `code` is left alone: the client exchanges it and reloads the page, which then gets the choice.
 */
export const restoredAddress = (store: Store, href: string, now = Date.now()): string | null => {
  const pending = readPending(store)
  if (!pending) return null
  const url = new URL(href)
  if (url.searchParams.has('code')) return null
  const stale = now - pending.at > RETURN_QUERY_TTL_MS
  if (url.pathname !== pending.path && !stale) return null
  store.removeItem(RETURN_QUERY_KEY)
  if (stale) return null
  for (const [key, value] of new URLSearchParams(pending.query))
    if (!url.searchParams.has(key)) url.searchParams.set(key, value)
  return url.toString()
}
