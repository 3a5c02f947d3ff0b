// The package ships no types; `engines/espeak-wasm-lines.ts` describes the parts it uses.
declare module 'espeak-ng' {
  const run: (options: Record<string, unknown>) => Promise<unknown>
  export default run
}
