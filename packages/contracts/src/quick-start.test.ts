import { describe, expect, it } from 'vitest'
import {
  QUICK_START_LANGUAGES,
  QUICK_START_MODES,
  QUICK_START_TOKEN_VARIABLE,
  quickStartAudioFile,
  quickStartSnippets,
  SDK_PACKAGE,
} from './quick-start.ts'
import { DEFAULT_VOICE } from './synthesis.ts'

const snippets = quickStartSnippets({ apiBase: 'https://api.loa.example/', appId: 'app_0123abcd' })
const one = (language: string, mode: string) =>
  snippets.find((s) => s.language === language && s.mode === mode)!.code

describe('quickStartSnippets', () => {
  it('writes curl, Node, Python and the SDK, each in sync and async mode, with a file name to save it as', () => {
    expect(snippets.map((s) => `${s.language}/${s.mode}`)).toEqual(
      QUICK_START_LANGUAGES.flatMap((l) => QUICK_START_MODES.map((m) => `${l}/${m}`)),
    )
    expect(snippets.map((s) => s.file)).toEqual([
      'loa-sync.sh',
      'loa-async.sh',
      'loa-sync.mjs',
      'loa-async.mjs',
      'loa_sync.py',
      'loa_async.py',
      'loa-sdk-sync.mjs',
      'loa-sdk-async.mjs',
    ])
  })

  it('fills in the app id and the API base (root /v1 paths, no double slash) and reads the token from LOA_TOKEN', () => {
    for (const { code, mode } of snippets) {
      expect(code).toContain('app_0123abcd')
      expect(code).toContain('https://api.loa.example')
      expect(code).not.toContain('example//v1')
      expect(code).not.toContain('/api/v1/tts')
      expect(code).toContain(QUICK_START_TOKEN_VARIABLE)
      expect(code).toContain(quickStartAudioFile(mode))
      expect(code).toContain(DEFAULT_VOICE)
    }
    expect(one('curl', 'sync')).toContain('-H "Authorization: Bearer $LOA_TOKEN"')
    expect(one('node', 'sync')).toContain('process.env.LOA_TOKEN')
    expect(one('python', 'sync')).toContain('os.environ["LOA_TOKEN"]')
  })

  it('polls GET /v1/tts/requests/{id} only in async mode', () => {
    for (const language of QUICK_START_LANGUAGES.filter((l) => l !== 'sdk')) {
      expect(one(language, 'async')).toContain('/v1/tts/requests/')
      expect(one(language, 'sync')).not.toContain('/v1/tts/requests/')
      expect(one(language, 'sync')).toMatch(/"mode": ?"sync"/)
      expect(one(language, 'async')).toMatch(/"mode": ?"async"/)
    }
  })

  it('uses nothing but built-ins: fetch in Node, urllib in Python', () => {
    for (const mode of QUICK_START_MODES) {
      expect([...one('node', mode).matchAll(/from '([^']+)'/g)].map((m) => m[1])).toEqual([
        'node:fs/promises',
      ])
      expect(one('node', mode)).not.toMatch(/require\(/)
      const imports = /^import (.+)$/m.exec(one('python', mode))![1]!.split(', ')
      for (const name of imports)
        expect(['json', 'os', 'time', 'urllib.error', 'urllib.request']).toContain(name)
    }
  })

  it('the SDK snippets import only the SDK and fs, and let it poll (createAndWait) in async mode', () => {
    for (const mode of QUICK_START_MODES)
      expect([...one('sdk', mode).matchAll(/from '([^']+)'/g)].map((m) => m[1])).toEqual([
        'node:fs/promises',
        SDK_PACKAGE,
      ])
    expect(one('sdk', 'sync')).toContain('loa.tts.create({')
    expect(one('sdk', 'sync')).toContain('"mode":"sync"')
    expect(one('sdk', 'async')).toContain('loa.tts.createAndWait({')
    expect(one('sdk', 'sync')).toContain(`npm install ${SDK_PACKAGE}`)
  })

  it('quotes for the shell: a text with an apostrophe and an app id with a quote stay one word each', () => {
    const [sync] = quickStartSnippets({
      apiBase: 'http://localhost:4000',
      appId: "a'b",
      syncText: "It's Loa",
    })
    expect(sync!.code).toContain(`-H 'App-Id: a'\\''b'`)
    expect(sync!.code).toContain(`"text":"It'\\''s Loa"`)
  })
})
