/** Namespaces the client components read; the layout passes only these to the browser. */
export const CLIENT_NAMESPACES = [
  'nav',
  'voices',
  'tryIt',
  'contact',
  'widget',
  'popup',
  'toast',
  'auth',
  'errors',
  'support',
  'shell',
  'studio',
  'console',
  'payments',
  'checkout',
  'admin',
] as const
