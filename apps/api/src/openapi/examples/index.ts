import { ADMIN_EXAMPLES } from './admin.ts'
import { BACK_OFFICE_EXAMPLES } from './back-office.ts'
import { COMMERCE_EXAMPLES } from './commerce.ts'
import { DEVELOPER_EXAMPLES } from './developer.ts'
import { SYNTHESIS_EXAMPLES } from './synthesis.ts'
import type { HandExample } from './types.ts'

export type { HandExample } from './types.ts'

/**
 * Hand-written examples of the main customer operations, by `METHOD /path` (synthesis, tts, voices, packages,
 * orders, api-apps, dubbing); they win over a route's own schema example. Other operations' examples are built
 * from their schemas and the glossary (index.ts).
 */
export const HAND_EXAMPLES: Record<string, HandExample> = {
  ...SYNTHESIS_EXAMPLES,
  ...COMMERCE_EXAMPLES,
  ...DEVELOPER_EXAMPLES,
  ...ADMIN_EXAMPLES,
  ...BACK_OFFICE_EXAMPLES,
}
