import { IMAGE_WIDTHS } from '@loa/contracts'

/**
 * `srcset` for an image served by Next's optimizer (local `/…` paths): one entry per width step 640–3840.
 * Remote media are used as they are (the CDN serves one size).
 */
export const responsiveSrcSet = (src: string, quality = 75): string | undefined => {
  if (!src.startsWith('/')) return undefined
  return IMAGE_WIDTHS.map(
    (w) => `/_next/image?url=${encodeURIComponent(src)}&w=${w}&q=${quality} ${w}w`,
  ).join(', ')
}
