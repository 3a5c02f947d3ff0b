/**
 * The guides' shell examples as requests: a small reader of POSIX-shell words (quotes, `\` line continuations,
 * `$NAME` / `${NAME}` outside single quotes) and of the curl options the guides use. Anything else — another
 * command, an unknown option, an unset variable — is an error, so a guide cannot hold an example the test skips.
 */

export interface CurlRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
  /** `-o file`: the answer is a file (audio), not text to print. */
  output?: string
}

const expand = (text: string, env: Record<string, string>): string =>
  text.replace(/\$\{(\w+)\}|\$(\w+)/g, (_all, braced: string | undefined, bare: string | undefined) => {
    const name = (braced ?? bare)!
    const value = env[name]
    if (value === undefined) throw new Error(`$${name} is not set for this example`)
    return value
  })

/** One command line (continuations already joined) as shell words. */
export const shellWords = (line: string, env: Record<string, string>): string[] => {
  const words: string[] = []
  let word: string | undefined
  let i = 0
  const add = (text: string) => (word = (word ?? '') + text)
  while (i < line.length) {
    const c = line[i]!
    if (c === "'") {
      const end = line.indexOf("'", i + 1)
      if (end < 0) throw new Error(`unclosed ' in: ${line}`)
      add(line.slice(i + 1, end))
      i = end + 1
    } else if (c === '"') {
      let end = i + 1
      while (end < line.length && line[end] !== '"') end += line[end] === '\\' ? 2 : 1
      if (end >= line.length) throw new Error(`unclosed " in: ${line}`)
      add(expand(line.slice(i + 1, end).replace(/\\(["\\$`])/g, '$1'), env))
      i = end + 1
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word)
      word = undefined
      i += 1
    } else {
      const match = /^[^\s'"]+/.exec(line.slice(i))![0]
      add(expand(match, env))
      i += match.length
    }
  }
  if (word !== undefined) words.push(word)
  return words
}

const FLAGS_WITHOUT_VALUE = new Set([
  '-s',
  '-S',
  '-sS',
  '-Ss',
  '--silent',
  '--show-error',
  '-N',
  '--no-buffer',
  '-f',
  '--fail',
])

const curlRequest = (words: string[]): CurlRequest => {
  const request: CurlRequest = { method: '', url: '', headers: {} }
  for (let i = 1; i < words.length; i += 1) {
    const word = words[i]!
    const value = () => {
      const next = words[++i]
      if (next === undefined) throw new Error(`${word} needs a value`)
      return next
    }
    if (word === '-X' || word === '--request') request.method = value()
    else if (word === '-H' || word === '--header') {
      const header = value()
      const at = header.indexOf(':')
      request.headers[header.slice(0, at).trim().toLowerCase()] = header.slice(at + 1).trim()
    } else if (['-d', '--data', '--data-raw', '--data-binary'].includes(word)) {
      const body = value()
      if (body.startsWith('@')) throw new Error(`${word} ${body}: bodies from files are not supported here`)
      request.body = body
    } else if (word === '--json') {
      request.body = value()
      request.headers['content-type'] ??= 'application/json'
      request.headers.accept ??= 'application/json'
    } else if (word === '-o' || word === '--output') request.output = value()
    else if (FLAGS_WITHOUT_VALUE.has(word)) continue
    else if (word.startsWith('-'))
      throw new Error(`curl option ${word} is not supported by the examples test`)
    else if (request.url) throw new Error(`two URLs: ${request.url} and ${word}`)
    else request.url = word
  }
  if (!request.url) throw new Error(`curl without a URL: ${words.join(' ')}`)
  request.method ||= request.body === undefined ? 'GET' : 'POST'
  return request
}

/**
 * A shell example: `export NAME=value` / `NAME=value` lines set variables (kept in `env`), `#` lines are comments,
 * every other line must be a curl command.
 */
export const parseCurlScript = (script: string, env: Record<string, string>): CurlRequest[] => {
  const lines = script.replace(/\\\n\s*/g, ' ').split('\n')
  const requests: CurlRequest[] = []
  for (const raw of lines) {
    const line = raw.trim()
    if (!line || line.startsWith('#')) continue
    const assignment = /^(?:export\s+)?([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line)
    if (assignment) {
      env[assignment[1]!] = shellWords(assignment[2]!, env).join(' ')
      continue
    }
    const words = shellWords(line, env)
    if (words[0] !== 'curl') throw new Error(`only curl commands are run: ${line}`)
    requests.push(curlRequest(words))
  }
  if (requests.length === 0) throw new Error(`no curl command in:\n${script}`)
  return requests
}
