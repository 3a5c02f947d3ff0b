import { notFound } from 'next/navigation'

/** Any path no page matches: the localized 404 of this segment (`[locale]/not-found.tsx`) in the site's shell. */
export default function UnknownPage(): never {
  notFound()
}
