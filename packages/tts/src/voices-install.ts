/**
 * Installing and removing neural voices in the voices folder. By name, a voice comes from the public Piper
 * voice repository (`voices.json` gives each file's path, size and MD5, checked before anything is kept);
 * by URL, from `….onnx` and `….onnx.json` (nothing to check them against). Files are downloaded under
 * hidden temporary names in the folder itself and renamed into place, the voice JSON last: the voice is
 * listed only once complete, and a failed or interrupted download leaves nothing behind.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { knownVoiceSidecar, licenceWarning } from './voices-known.ts'
import { PIPER_CONFIG_SUFFIX, PIPER_MODEL_SUFFIX, SIDECAR_SUFFIX } from './voices-installed.ts'

/** The public Piper voice repository (Hugging Face, rhasspy/piper-voices). */
export const DEFAULT_PIPER_VOICES_URL = 'https://huggingface.co/rhasspy/piper-voices/resolve/main'

export class VoiceInstallError extends Error {
  constructor(
    readonly code: 'VOICE_NOT_FOUND' | 'VOICE_DOWNLOAD_FAILED' | 'VOICE_CHECK_FAILED' | 'VOICE_NOT_INSTALLED',
    message: string,
  ) {
    super(message)
    this.name = 'VoiceInstallError'
  }
}

interface RemoteFile {
  url: string
  size?: number
  md5?: string
}

export interface InstallOptions {
  dir: string
  /** Base URL of the Piper voice repository (default `DEFAULT_PIPER_VOICES_URL`). */
  baseUrl?: string
  fetch?: typeof fetch
  log?: (line: string) => void
  /** Bytes downloaded so far of `total` (the sizes voices.json gives, else the servers' Content-Length; 0 unknown). */
  onProgress?: (bytes: number, total: number) => void
}

export interface InstalledVoice {
  name: string
  model: string
  config: string
  bytes: number
  /** Whether sizes and checksums were known and matched. */
  verified: boolean
}

const NAME = /^[a-z]{2,3}_[A-Z]{2}-[\w-]+-(x_low|low|medium|high)$/

const get = async (url: string, doFetch: typeof fetch): Promise<Response> => {
  let response: Response
  try {
    response = await doFetch(url, { redirect: 'follow' })
  } catch (error) {
    throw new VoiceInstallError('VOICE_DOWNLOAD_FAILED', `cannot reach ${url}: ${String(error)}`)
  }
  if (response.status === 404) throw new VoiceInstallError('VOICE_NOT_FOUND', `${url}: not found (404)`)
  if (!response.ok || !response.body)
    throw new VoiceInstallError('VOICE_DOWNLOAD_FAILED', `${url}: HTTP ${response.status}`)
  return response
}

/** The model and JSON of a voice named in the repository's `voices.json`. */
const filesByName = async (name: string, baseUrl: string, doFetch: typeof fetch): Promise<RemoteFile[]> => {
  const catalogue = (await (await get(`${baseUrl}/voices.json`, doFetch)).json().catch(() => {
    throw new VoiceInstallError('VOICE_DOWNLOAD_FAILED', `${baseUrl}/voices.json is not JSON`)
  })) as Record<string, { files?: Record<string, { size_bytes?: number; md5_digest?: string }> }>
  const files = catalogue[name]?.files
  if (!files) throw new VoiceInstallError('VOICE_NOT_FOUND', `no voice '${name}' in ${baseUrl}/voices.json`)
  return [PIPER_MODEL_SUFFIX, PIPER_CONFIG_SUFFIX].map((suffix) => {
    const entry = Object.entries(files).find(([path]) => path.endsWith(`/${name}${suffix}`))
    if (!entry) throw new VoiceInstallError('VOICE_NOT_FOUND', `voices.json lists no ${name}${suffix}`)
    const [path, info] = entry
    return {
      url: `${baseUrl}/${path}`,
      ...(typeof info.size_bytes === 'number' ? { size: info.size_bytes } : {}),
      ...(typeof info.md5_digest === 'string' ? { md5: info.md5_digest.toLowerCase() } : {}),
    }
  })
}

/** Downloads `file` to `target`, checking its size and MD5 when known; removes `target` on any failure. */
const download = async (
  file: RemoteFile,
  target: string,
  doFetch: typeof fetch,
  onBytes?: (chunk: number, length: number | undefined) => void,
): Promise<number> => {
  try {
    const response = await get(file.url, doFetch)
    const md5 = createHash('md5')
    let bytes = 0
    const length = Number(response.headers.get('content-length')) || undefined
    const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>)
    body.on('data', (chunk: Buffer) => {
      bytes += chunk.length
      md5.update(chunk)
      onBytes?.(chunk.length, length)
    })
    await pipeline(body, createWriteStream(target, { flags: 'wx' })).catch((error: unknown) => {
      throw new VoiceInstallError(
        'VOICE_DOWNLOAD_FAILED',
        `${file.url}: download interrupted (${String(error)})`,
      )
    })
    if (file.size !== undefined && bytes !== file.size)
      throw new VoiceInstallError('VOICE_CHECK_FAILED', `${file.url}: ${bytes} bytes, expected ${file.size}`)
    const digest = md5.digest('hex')
    if (file.md5 !== undefined && digest !== file.md5)
      throw new VoiceInstallError('VOICE_CHECK_FAILED', `${file.url}: MD5 ${digest}, expected ${file.md5}`)
    return bytes
  } catch (error) {
    await rm(target, { force: true })
    throw error
  }
}

/** Leftovers of an interrupted install of `name` (hidden temporary files). */
const removeLeftovers = async (dir: string, name: string): Promise<void> => {
  const files = await readdir(dir).catch(() => [] as string[])
  await Promise.all(
    files
      .filter((f) => f.startsWith(`.${name}.`) && f.endsWith('.partial'))
      .map((f) => rm(join(dir, f), { force: true })),
  )
}

/** Installs a voice by repository name (`vi_VN-vais1000-medium`) or by the URL of its `.onnx`. */
export const installVoice = async (nameOrUrl: string, options: InstallOptions): Promise<InstalledVoice> => {
  const doFetch = options.fetch ?? fetch
  const baseUrl = (options.baseUrl ?? DEFAULT_PIPER_VOICES_URL).replace(/\/+$/, '')
  const byUrl = /^https?:\/\//.test(nameOrUrl)
  const name = byUrl ? basename(new URL(nameOrUrl).pathname).replace(/\.onnx$/, '') : nameOrUrl
  if (!NAME.test(name) && !(byUrl && /^[\w.-]+$/.test(name)))
    throw new VoiceInstallError(
      'VOICE_NOT_FOUND',
      `'${nameOrUrl}' is not a Piper voice name (like vi_VN-vais1000-medium)`,
    )
  if (byUrl && !nameOrUrl.endsWith(PIPER_MODEL_SUFFIX))
    throw new VoiceInstallError(
      'VOICE_NOT_FOUND',
      `a voice URL names its model file (…${PIPER_MODEL_SUFFIX})`,
    )
  const files: RemoteFile[] = byUrl
    ? [{ url: nameOrUrl }, { url: `${nameOrUrl}.json` }]
    : await filesByName(name, baseUrl, doFetch)
  const warning = licenceWarning(name)
  if (warning) options.log?.(`warning: ${name}: ${warning}`)
  await mkdir(options.dir, { recursive: true })
  await removeLeftovers(options.dir, name)
  const tag = randomBytes(4).toString('hex')
  const temps = [PIPER_MODEL_SUFFIX, PIPER_CONFIG_SUFFIX].map((s) =>
    join(options.dir, `.${name}${s}.${tag}.partial`),
  )
  const model = join(options.dir, `${name}${PIPER_MODEL_SUFFIX}`)
  const config = join(options.dir, `${name}${PIPER_CONFIG_SUFFIX}`)
  try {
    let bytes = 0
    let done = 0
    const sized = files.every((f) => f.size !== undefined)
    let total = sized ? files.reduce((n, f) => n + f.size!, 0) : 0
    for (const [i, file] of files.entries()) {
      options.log?.(`downloading ${file.url}${file.size ? ` (${file.size} bytes)` : ''}`)
      bytes += await download(file, temps[i]!, doFetch, (chunk, length) => {
        // Without sizes in voices.json, the model's Content-Length stands for the whole (the JSON is tiny).
        if (!sized && i === 0 && total === 0 && length) total = length
        done += chunk
        options.onProgress?.(done, Math.max(total, done))
      })
    }
    const sidecar = join(options.dir, `${name}${SIDECAR_SUFFIX}`)
    const known = knownVoiceSidecar(name)
    if (known && !(await stat(sidecar).catch(() => undefined))) {
      await writeFile(`${temps[0]}.loa`, `${JSON.stringify(known, null, 2)}\n`)
      await rename(`${temps[0]}.loa`, sidecar)
    }
    // Unlisted while its files change: the JSON goes first on the way out and comes last on the way in.
    await rm(config, { force: true })
    await rename(temps[0]!, model)
    await rename(temps[1]!, config)
    return {
      name,
      model,
      config,
      bytes,
      verified: files.every((f) => f.size !== undefined && f.md5 !== undefined),
    }
  } finally {
    await Promise.all([...temps, `${temps[0]}.loa`].map((t) => rm(t, { force: true })))
  }
}

/** Removes an installed voice (by file name); its JSON goes first, so it is never listed half-removed. */
export const removeVoice = async (name: string, dir: string): Promise<void> => {
  if (!/^[\w.-]+$/.test(name))
    throw new VoiceInstallError('VOICE_NOT_INSTALLED', `'${name}' is not a voice name`)
  const config = join(dir, `${name}${PIPER_CONFIG_SUFFIX}`)
  if (!(await stat(config).catch(() => undefined)))
    throw new VoiceInstallError('VOICE_NOT_INSTALLED', `no voice '${name}' in ${dir}`)
  await rm(config)
  await Promise.all(
    [PIPER_MODEL_SUFFIX, SIDECAR_SUFFIX, '.sample.mp3'].map((s) =>
      rm(join(dir, `${name}${s}`), { force: true }),
    ),
  )
}
