/**
 * The "common" namespace (spec §9: default namespace common) holds the strings several screens share — product
 * names, "Email", "Về trang chủ"… A screen's key that shows one of them holds a reference, `"@:common.<path>"`,
 * instead of a copy, so the text lives once and changes once. References are resolved when a locale's catalogue is
 * loaded; a reference to nothing stops the load (the loader's test checks every catalogue).
 */
type Tree = { [key: string]: string | Tree }

export const COMMON_REFERENCE = '@:common.'

const lookup = (tree: Tree, path: string): string | undefined => {
  let node: string | Tree | undefined = tree
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined
  return typeof node === 'string' ? node : undefined
}

/** A copy of `catalogue` with every `@:common.…` value replaced by the common string it names (lists stay lists). */
export const resolveCommonReferences = <T extends object>(catalogue: T): T => {
  const common = (catalogue as unknown as Tree).common
  const resolve = (value: unknown, at: string): unknown => {
    if (Array.isArray(value)) return value.map((item, i) => resolve(item, `${at}${i}.`))
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, resolve(v, `${at}${key}.`)]))
    if (typeof value !== 'string' || !value.startsWith(COMMON_REFERENCE)) return value
    const text = typeof common === 'object' ? lookup(common, value.slice(COMMON_REFERENCE.length)) : undefined
    if (text === undefined || text.startsWith('@:'))
      throw new Error(`${at.slice(0, -1)}: "${value}" names no string of the common namespace`)
    return text
  }
  return resolve(catalogue, '') as T
}
