// A thread running the espeak-ng command line compiled to WebAssembly (npm `espeak-ng`) in line mode:
// started without text it reads stdin line by line, synthesizes each line and flushes its audio. Its stdin
// reads block (Atomics.wait) on a byte ring shared with the owner; when a read starts after a full line,
// that line's audio is complete and is posted to the owner — one message per line, in order.
// Plain JavaScript: it needs no TypeScript loader and starts fast.
import { parentPort, workerData } from 'node:worker_threads'
import ESpeakNg from 'espeak-ng'

/** @type {{ args: string[], sab: SharedArrayBuffer, module: WebAssembly.Module }} */
const { args, sab, module } = workerData
// Control words: [0] bytes written (owner), [1] closed (owner), [2] bytes read (this thread).
const ctrl = new Int32Array(sab, 0, 4)
const ring = new Uint8Array(sab, 16)
const capacity = ring.length

let read = 0
let out = new Uint8Array(1 << 18)
let outLength = 0
/** The byte just returned ended a line: the read in progress must end. */
let endRead = false
/** A whole line was read: its audio is complete when the next read starts. */
let lineDone = false

const post = () => {
  const bytes = out.slice(0, outLength)
  outLength = 0
  parentPort.postMessage(bytes, [bytes.buffer])
}

const stdin = () => {
  if (endRead) {
    endRead = false
    lineDone = true
    return undefined
  }
  if (lineDone) {
    lineDone = false
    post()
  }
  while (Atomics.load(ctrl, 0) === read) {
    if (Atomics.load(ctrl, 1) === 1) return null
    Atomics.wait(ctrl, 0, read, 1000)
  }
  const byte = ring[read % capacity]
  read++
  Atomics.store(ctrl, 2, read)
  if (byte === 10) endRead = true
  return byte
}

const stdout = (byte) => {
  if (outLength === out.length) {
    const bigger = new Uint8Array(out.length * 2)
    bigger.set(out)
    out = bigger
  }
  out[outLength++] = byte
}

await ESpeakNg({
  arguments: args,
  stdin,
  stdout,
  stderr: () => undefined,
  print: () => undefined,
  printErr: () => undefined,
  instantiateWasm(imports, receive) {
    WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module))
    return {}
  },
})
