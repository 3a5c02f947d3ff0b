// The package ships no types; `engines/espeak-wasm.ts` describes the parts it uses.
declare module '@echogarden/espeak-ng-emscripten' {
  const init: () => Promise<unknown>
  export default init
}
