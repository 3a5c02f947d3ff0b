/**
 * Whether a file matches an `accept` list as a browser's picker reads it: ".ext" by name (any case), "type/sub"
 * exactly, "type/*" by family. A drop bypasses the picker's filter, so FileDrop checks dropped files with this.
 * An empty list accepts everything.
 */
export const acceptsFile = (accept: string | undefined, file: { name: string; type: string }): boolean => {
  const tokens = (accept ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean)
  if (tokens.length === 0) return true
  const name = file.name.toLowerCase()
  const type = file.type.toLowerCase()
  return tokens.some((token) => {
    if (token.startsWith('.')) return name.endsWith(token)
    if (token.endsWith('/*')) return type.startsWith(token.slice(0, -1))
    return type === token
  })
}
