import { IMAGE_WIDTHS } from '@loa/contracts/browser'

/**
 * `srcset` for an image served by Next's optimizer (paths on the web app itself): one entry per width step
 * 640–3840. Media on another host are used as they are (the CDN serves one size).
 */
export const responsiveSrcSet = (src: string, webUrl: string, quality = 75): string | undefined => {
  const origin = webUrl.replace(/\/+$/, '')
  const path = src.startsWith(`${origin}/`) ? src.slice(origin.length) : src
  if (!path.startsWith('/') || path.startsWith('//')) return undefined
  return IMAGE_WIDTHS.map(
    (w) => `/_next/image?url=${encodeURIComponent(path)}&w=${w}&q=${quality} ${w}w`,
  ).join(', ')
}
