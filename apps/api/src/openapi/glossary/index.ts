import type { GlossaryEntry } from '../example.ts'
import { ACCOUNT } from './account.ts'
import { CATALOGUE } from './catalogue.ts'
import { COMMERCE } from './commerce.ts'
import { COMMON } from './common.ts'
import { DEVELOPER } from './developer.ts'
import { DUBBING } from './dubbing.ts'
import { OPERATIONS } from './operations.ts'
import { SYNTHESIS } from './synthesis.ts'

/**
 * Field names shared across routes, with what they mean and a realistic value. A key is a field name (`voice_code`)
 * or, where a name means something else in one resource, `resource:name` (`orders:code`; the resource is the path's
 * first segment after `/api/v1/`, `/v1/` or `admin/`), or under one parent property, `parent.name`
 * (`spans.source`, also `resource:parent.name`). Used only where a schema has no description of its own.
 */
export const GLOSSARY_PARTS = {
  COMMON,
  CATALOGUE,
  ACCOUNT,
  COMMERCE,
  SYNTHESIS,
  DEVELOPER,
  DUBBING,
  OPERATIONS,
}

export const GLOSSARY: Record<string, GlossaryEntry> = Object.assign({}, ...Object.values(GLOSSARY_PARTS))

export const lookupField = (scope: string, name: string, parent?: string): GlossaryEntry | undefined =>
  (parent === undefined
    ? undefined
    : (GLOSSARY[`${scope}:${parent}.${name}`] ?? GLOSSARY[`${parent}.${name}`])) ??
  GLOSSARY[`${scope}:${name}`] ??
  GLOSSARY[name]
