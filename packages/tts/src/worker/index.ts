/** `@loa/tts/worker`: the worker-thread pool that runs synthesis off the event loop. */
export { createSynthesisPool, getSharedPool, closeSharedPool, type SynthesisPool } from './pool.ts'
