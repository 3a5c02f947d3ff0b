import { hash, verify } from '@node-rs/argon2'

/** OWASP minimum for Argon2id: m=19456 KiB, t=2, p=1 (also @node-rs/argon2's defaults, argon2id). */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const

export const PASSWORD_MIN_LENGTH = 8
/** Longer inputs are refused before hashing (no CPU/memory DoS); 1024 bytes is far above any real password. */
export const PASSWORD_MAX_BYTES = 1024

export type PasswordProblem = 'too_short' | 'too_long'

export const checkPasswordShape = (password: string): PasswordProblem | undefined => {
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) return 'too_long'
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'too_short'
  return undefined
}

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS)

export const verifyPassword = async (phc: string, password: string): Promise<boolean> => {
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) return false
  try {
    return await verify(phc, password)
  } catch {
    return false
  }
}

/** A hash of a random secret, verified against when the account does not exist (same work, same timing). */
let dummy: Promise<string> | undefined
export const dummyHash = (): Promise<string> =>
  (dummy ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`))
