import { z } from 'zod'

type Def = Record<string, unknown> & { type: string }
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def
const cloneWith = <T extends z.ZodType>(schema: T, def: Def): T =>
  (schema as unknown as { clone: (def: Def) => T }).clone(def)

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'])
const cache = new WeakMap<z.ZodType, z.ZodType>()

/**
 * The same schema with every object that would silently drop unknown keys made strict (an unknown key is an
 * `unrecognized_keys` issue), through optional/nullable/default wrappers, arrays, unions, records, tuples and
 * the input side of pipes. Objects that chose a catch-all (`z.looseObject`, `.catchall()`) keep it;
 * intersections and lazy schemas are left as they are (strict halves of an intersection refuse each other's keys).
 */
export const strictObjects = <T extends z.ZodType>(schema: T): T => {
  const known = cache.get(schema)
  if (known) return known as T
  const def = defOf(schema)
  let result: z.ZodType = schema
  if (def.type === 'object') {
    const shape = def.shape as Record<string, z.ZodType>
    const strictShape = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, strictObjects(v)]))
    result = cloneWith(schema, { ...def, shape: strictShape, catchall: def.catchall ?? z.never() })
  } else if (WRAPPERS.has(def.type)) {
    result = cloneWith(schema, { ...def, innerType: strictObjects(def.innerType as z.ZodType) })
  } else if (def.type === 'array') {
    result = cloneWith(schema, { ...def, element: strictObjects(def.element as z.ZodType) })
  } else if (def.type === 'union') {
    result = cloneWith(schema, { ...def, options: (def.options as z.ZodType[]).map((o) => strictObjects(o)) })
  } else if (def.type === 'record') {
    result = cloneWith(schema, { ...def, valueType: strictObjects(def.valueType as z.ZodType) })
  } else if (def.type === 'tuple') {
    const rest = def.rest as z.ZodType | null | undefined
    result = cloneWith(schema, {
      ...def,
      items: (def.items as z.ZodType[]).map((i) => strictObjects(i)),
      rest: rest ? strictObjects(rest) : rest,
    })
  } else if (def.type === 'pipe') {
    result = cloneWith(schema, { ...def, in: strictObjects(def.in as z.ZodType) })
  }
  cache.set(schema, result)
  return result as T
}
