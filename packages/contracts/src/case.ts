/** Wire keys are snake_case; the web client works in camelCase (design §5). Deep, array-aware conversion. */
type Json = unknown

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype

export const snakeToCamel = (key: string): string =>
  key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
export const camelToSnake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

const mapKeysDeep = (value: Json, mapKey: (key: string) => string): Json => {
  if (Array.isArray(value)) return value.map((item) => mapKeysDeep(item, mapKey))
  if (!isPlainObject(value)) return value
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) out[mapKey(key)] = mapKeysDeep(inner, mapKey)
  return out
}

export const camelizeKeys = <T = unknown>(value: Json): T => mapKeysDeep(value, snakeToCamel) as T
export const snakeizeKeys = <T = unknown>(value: Json): T => mapKeysDeep(value, camelToSnake) as T

/** Spec §5: "Falsy keys are stripped from an object by a helper." */
export const stripFalsy = <T extends Record<string, unknown>>(input: T): Partial<T> => {
  const out: Partial<T> = {}
  for (const [key, value] of Object.entries(input)) if (value) (out as Record<string, unknown>)[key] = value
  return out
}
