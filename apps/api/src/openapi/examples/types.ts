/** A hand-written example of an operation; `response` is the `result` when the answer is a `{status, result}` envelope. */
export interface HandExample {
  request?: unknown
  response?: unknown
}
