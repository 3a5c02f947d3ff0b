const ABSOLUTE_HTTP = /^https?:\/\//i

/** Spec §5: a media path that is not an absolute http(s) address gets the media CDN base prepended. */
export const mediaUrl = (path: string | null | undefined, cdnBase: string): string => {
  if (!path) return ''
  if (ABSOLUTE_HTTP.test(path)) return path
  const base = cdnBase.replace(/\/+$/, '')
  return `${base}/${path.replace(/^\/+/, '')}`
}
