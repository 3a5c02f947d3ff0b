import { randomBytes, webcrypto } from 'node:crypto'

/**
 * Payload encryption exactly as GrowthBook's back-end `encrypt()` and the SDK's `decrypt()`: the key is
 * base64 of 16 raw bytes, AES-128-CBC with PKCS#7 padding; the value is `base64(iv) + "." + base64(ct)`.
 */
const { subtle } = webcrypto

export const generateEncryptionKey = (): string => randomBytes(16).toString('base64')

const importKey = (keyB64: string, usage: 'encrypt' | 'decrypt') =>
  subtle.importKey('raw', Buffer.from(keyB64, 'base64'), { name: 'AES-CBC', length: 128 }, false, [usage])

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** Strict base64 decoding (Buffer.from silently skips bad characters; the SDK's atob throws). */
const fromBase64 = (value: string, what: string): Buffer => {
  if (!BASE64.test(value)) throw new Error(`Invalid ${what}`)
  return Buffer.from(value, 'base64')
}

export const isValidEncryptionKey = (keyB64: string): boolean =>
  BASE64.test(keyB64) && Buffer.from(keyB64, 'base64').length === 16

export const encryptString = async (plain: string, keyB64: string): Promise<string> => {
  const iv = randomBytes(16)
  const key = await importKey(keyB64, 'encrypt')
  const ct = await subtle.encrypt({ name: 'AES-CBC', iv }, key, new TextEncoder().encode(plain))
  return `${iv.toString('base64')}.${Buffer.from(ct).toString('base64')}`
}

/** The inverse (the SDK's algorithm); throws on a malformed value or a wrong key. */
export const decryptString = async (encrypted: string, keyB64: string): Promise<string> => {
  const [ivB64, ctB64, ...rest] = encrypted.split('.')
  if (!ivB64 || !ctB64 || rest.length) throw new Error('Invalid payload')
  if (!isValidEncryptionKey(keyB64)) throw new Error('Invalid key')
  const iv = fromBase64(ivB64, 'iv')
  const ct = fromBase64(ctB64, 'payload')
  const key = await importKey(keyB64, 'decrypt')
  const plain = await subtle.decrypt({ name: 'AES-CBC', iv }, key, ct)
  return new TextDecoder().decode(plain)
}
