/**
 * The developer console's copy-paste quick start for the current developer API (`POST /v1/tts` with
 * `Authorization: Bearer` + `App-Id`, `GET /v1/tts/requests/{id}`): curl, Node (built-in fetch, no packages) and
 * Python (standard library only). The app id and the API base URL are written in; the token is read from the
 * `LOA_TOKEN` environment variable (it is shown only once, so it never sits in a snippet). Plain strings, no
 * imports: the web renders them and a server-side test runs them as written. `sdk`: the same calls through the
 * official TypeScript SDK (`npm install @loa-voice/sdk`).
 */
import { DEFAULT_VOICE } from './synthesis.ts'

export const QUICK_START_LANGUAGES = ['curl', 'node', 'python', 'sdk'] as const
/** The npm package of the official TypeScript SDK (packages/sdk), which the `sdk` snippets use. */
export const SDK_PACKAGE = '@loa-voice/sdk'
export type QuickStartLanguage = (typeof QUICK_START_LANGUAGES)[number]
export const QUICK_START_MODES = ['sync', 'async'] as const
export type QuickStartMode = (typeof QUICK_START_MODES)[number]

/** The environment variable every snippet reads the app token from. */
export const QUICK_START_TOKEN_VARIABLE = 'LOA_TOKEN'
/** The file each snippet saves the audio to (in the working directory). */
export const quickStartAudioFile = (mode: QuickStartMode): string => `loa-${mode}.mp3`

export interface QuickStartOptions {
  /** The API's public base URL (no trailing slash needed): `/v1/tts` is at its root. */
  apiBase: string
  appId: string
  voiceCode?: string
  /** The sync example's text (short: sync takes few characters). */
  syncText?: string
  /** The async example's text. */
  asyncText?: string
}

export interface QuickStartSnippet {
  language: QuickStartLanguage
  mode: QuickStartMode
  /** The file name the snippet suggests (its first line says how to run it). */
  file: string
  code: string
}

const DEFAULT_SYNC_TEXT = 'Xin chào, đây là Loa.'
const DEFAULT_ASYNC_TEXT =
  'Xin chào, đây là yêu cầu không đồng bộ của Loa: máy chủ trả mã yêu cầu ngay, rồi bạn hỏi lại đến khi có âm thanh.'

/** A single-quoted POSIX shell word. */
const shellQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`

interface Filled {
  base: string
  appId: string
  body: (mode: QuickStartMode) => Record<string, string>
}

const fill = (options: QuickStartOptions): Filled => {
  const voiceCode = options.voiceCode ?? DEFAULT_VOICE
  return {
    base: options.apiBase.replace(/\/+$/, ''),
    appId: options.appId,
    body: (mode) => ({
      text:
        mode === 'sync' ? (options.syncText ?? DEFAULT_SYNC_TEXT) : (options.asyncText ?? DEFAULT_ASYNC_TEXT),
      voiceCode,
      mode,
      outputFormat: 'mp3',
    }),
  }
}

const curl = ({ base, appId, body }: Filled, mode: QuickStartMode): string => {
  const file = quickStartAudioFile(mode)
  const headers = [
    `  -H "Authorization: Bearer $${QUICK_START_TOKEN_VARIABLE}" \\`,
    `  -H ${shellQuote(`App-Id: ${appId}`)} \\`,
  ]
  const post = [
    `curl -sS -X POST ${shellQuote(`${base}/v1/tts`)} \\`,
    ...headers,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(JSON.stringify(body(mode)))}`,
  ]
  const link = (from: string) =>
    `AUDIO=$(printf '%s' "${from}" | sed -n 's/.*"audioLink":"\\([^"]*\\)".*/\\1/p')`
  const save = [
    `if [ -n "$AUDIO" ]; then curl -sS -o ${file} "$AUDIO" && echo "saved ${file}"; else echo "$ANSWER"; fi`,
  ]
  if (mode === 'sync')
    return [
      `# export ${QUICK_START_TOKEN_VARIABLE}='<app token>'`,
      `ANSWER=$(${post.join('\n')})`,
      link('$ANSWER'),
      ...save,
    ].join('\n')
  return [
    `# export ${QUICK_START_TOKEN_VARIABLE}='<app token>'`,
    `ID=$(${post.join('\n')} | sed -n 's/.*"requestId":"\\([^"]*\\)".*/\\1/p')`,
    'echo "request $ID"',
    'while :; do',
    `  ANSWER=$(curl -sS ${shellQuote(`${base}/v1/tts/requests/`)}"$ID" \\`,
    `  -H "Authorization: Bearer $${QUICK_START_TOKEN_VARIABLE}" \\`,
    `  -H ${shellQuote(`App-Id: ${appId}`)})`,
    `  case "$ANSWER" in *'"status":"IN_PROGRESS"'*) sleep 1 ;; *) break ;; esac`,
    'done',
    link('$ANSWER'),
    ...save,
  ].join('\n')
}

const node = ({ base, appId, body }: Filled, mode: QuickStartMode): string => {
  const file = quickStartAudioFile(mode)
  const lines = [
    `// ${QUICK_START_TOKEN_VARIABLE}='<app token>' node loa-${mode}.mjs   (Node 18+, no packages)`,
    // Built from parts: the package's import check would take the quoted module name for an import.
    `import { writeFile } from ${JSON.stringify('node:fs/promises').replace(/"/g, "'")}`,
    '',
    `const base = ${JSON.stringify(base)}`,
    'const headers = {',
    `  Authorization: \`Bearer \${process.env.${QUICK_START_TOKEN_VARIABLE}}\`,`,
    `  'App-Id': ${JSON.stringify(appId)},`,
    "  'Content-Type': 'application/json',",
    '}',
    '',
    'let answer = await fetch(`${base}/v1/tts`, {',
    "  method: 'POST',",
    '  headers,',
    `  body: JSON.stringify(${JSON.stringify(body(mode))}),`,
    '})',
    'let request = await answer.json()',
    'if (!answer.ok) throw new Error(JSON.stringify(request))',
  ]
  if (mode === 'async')
    lines.push(
      "console.log('request', request.requestId)",
      "while (request.status === 'IN_PROGRESS') {",
      '  await new Promise((resolve) => setTimeout(resolve, 1000))',
      '  answer = await fetch(`${base}/v1/tts/requests/${request.requestId}`, { headers })',
      '  request = await answer.json()',
      '}',
    )
  lines.push(
    "if (request.status !== 'SUCCESS') throw new Error(JSON.stringify(request))",
    'const audio = await fetch(request.audioLink)',
    `await writeFile(${JSON.stringify(file)}, Buffer.from(await audio.arrayBuffer()))`,
    `console.log('saved ${file}')`,
  )
  return lines.join('\n')
}

const python = ({ base, appId, body }: Filled, mode: QuickStartMode): string => {
  const file = quickStartAudioFile(mode)
  const lines = [
    `# ${QUICK_START_TOKEN_VARIABLE}='<app token>' python3 loa_${mode}.py   (standard library only)`,
    `import json, os, ${mode === 'async' ? 'time, ' : ''}urllib.error, urllib.request`,
    '',
    `BASE = ${JSON.stringify(base)}`,
    'HEADERS = {',
    `    "Authorization": "Bearer " + os.environ["${QUICK_START_TOKEN_VARIABLE}"],`,
    `    "App-Id": ${JSON.stringify(appId)},`,
    '    "Content-Type": "application/json",',
    '}',
    '',
    'def call(url, body=None):',
    '    data = None if body is None else json.dumps(body).encode("utf-8")',
    '    try:',
    '        with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=HEADERS)) as answer:',
    '            return json.load(answer)',
    '    except urllib.error.HTTPError as error:',
    '        raise SystemExit(error.read().decode("utf-8"))',
    '',
    // A JSON object of strings is a Python dict literal as it stands.
    `request = call(BASE + "/v1/tts", ${JSON.stringify(body(mode), null, 1).replace(/\n\s*/g, ' ')})`,
  ]
  if (mode === 'async')
    lines.push(
      'print("request", request["requestId"])',
      'while request["status"] == "IN_PROGRESS":',
      '    time.sleep(1)',
      '    request = call(BASE + "/v1/tts/requests/" + request["requestId"])',
    )
  lines.push(
    'if request["status"] != "SUCCESS":',
    '    raise SystemExit(json.dumps(request))',
    `urllib.request.urlretrieve(request["audioLink"], ${JSON.stringify(file)})`,
    `print("saved ${file}")`,
  )
  return lines.join('\n')
}

const sdk = ({ base, appId, body }: Filled, mode: QuickStartMode): string => {
  const file = quickStartAudioFile(mode)
  const { mode: _mode, ...text } = body(mode)
  const call =
    mode === 'sync'
      ? `const request = await loa.tts.create(${JSON.stringify({ ...text, mode: 'sync' })})`
      : `const request = await loa.tts.createAndWait(${JSON.stringify(text)})`
  return [
    `// npm install ${SDK_PACKAGE}, then: ${QUICK_START_TOKEN_VARIABLE}='<app token>' node loa-sdk-${mode}.mjs`,
    // Built from parts, as in the Node snippet.
    `import { writeFile } from ${JSON.stringify('node:fs/promises').replace(/"/g, "'")}`,
    `import { Loa } from ${JSON.stringify(SDK_PACKAGE).replace(/"/g, "'")}`,
    '',
    'const loa = new Loa({',
    `  baseUrl: ${JSON.stringify(base)},`,
    `  token: process.env.${QUICK_START_TOKEN_VARIABLE},`,
    `  appId: ${JSON.stringify(appId)},`,
    '})',
    call,
    ...(mode === 'async' ? ["console.log('request', request.requestId)"] : []),
    "if (request.status !== 'SUCCESS') throw new Error(JSON.stringify(request))",
    'const audio = await fetch(request.audioLink)',
    `await writeFile(${JSON.stringify(file)}, Buffer.from(await audio.arrayBuffer()))`,
    `console.log('saved ${file}')`,
  ].join('\n')
}

const writers = { curl, node, python, sdk }
const FILES: Record<QuickStartLanguage, (mode: QuickStartMode) => string> = {
  curl: (mode) => `loa-${mode}.sh`,
  node: (mode) => `loa-${mode}.mjs`,
  python: (mode) => `loa_${mode}.py`,
  sdk: (mode) => `loa-sdk-${mode}.mjs`,
}

/** Every quick-start snippet (curl, Node, Python, the SDK × sync, async) for one app. */
export const quickStartSnippets = (options: QuickStartOptions): QuickStartSnippet[] => {
  const filled = fill(options)
  return QUICK_START_LANGUAGES.flatMap((language) =>
    QUICK_START_MODES.map((mode) => ({
      language,
      mode,
      file: FILES[language](mode),
      code: writers[language](filled, mode),
    })),
  )
}
