/** Milliseconds since the epoch; tests pass a controllable clock. */
export type Clock = () => number

export const systemClock: Clock = () => Date.now()

export const nowSeconds = (clock: Clock): number => Math.floor(clock() / 1000)
