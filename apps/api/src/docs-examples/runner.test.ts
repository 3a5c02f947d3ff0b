import { describe, expect, it } from 'vitest'
import { parseCurlScript } from './curl.ts'
import { fencesOf, pick, shapeDifferences } from './fences.ts'

/** The examples test's own reading of the guides: it refuses what it cannot run and catches a wrong answer. */
describe('the guides’ example runner', () => {
  const env = () => ({ LOA_API: 'https://api.loa.vn', LOA_TOKEN: 'loa_x' })

  it('reads curl as a shell would: continuations, quotes, variables outside single quotes', () => {
    const [request] = parseCurlScript(
      [
        `curl -sS -X POST "$LOA_API/v1/tts" \\`,
        `  -H "Authorization: Bearer $LOA_TOKEN" \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  -d '{"text": "$NOT_EXPANDED"}' -o out.mp3`,
      ].join('\n'),
      env(),
    )
    expect(request).toEqual({
      method: 'POST',
      url: 'https://api.loa.vn/v1/tts',
      headers: { authorization: 'Bearer loa_x', 'content-type': 'application/json' },
      body: '{"text": "$NOT_EXPANDED"}',
      output: 'out.mp3',
    })
    const vars = env() as Record<string, string>
    expect(parseCurlScript(`export ID='a b'\ncurl "$LOA_API/v1/tts/requests/$ID"`, vars)[0]!.url).toBe(
      'https://api.loa.vn/v1/tts/requests/a b',
    )
  })

  it('refuses what it would not run: other commands, unknown options, unset variables, no curl at all', () => {
    expect(() => parseCurlScript('wget https://api.loa.vn', env())).toThrow(/only curl/)
    expect(() => parseCurlScript('curl -F a=b "$LOA_API/x"', env())).toThrow(/-F is not supported/)
    expect(() => parseCurlScript('curl "$LOA_API/x" -H "App-Id: $APP"', env())).toThrow(/\$APP is not set/)
    expect(() => parseCurlScript('# only a comment', env())).toThrow(/no curl/)
    expect(() => parseCurlScript(`curl -d @body.json "$LOA_API/x"`, env())).toThrow(/from files/)
  })

  it('finds fences with their info, and answers that differ from the one shown', () => {
    const [fence] = fencesOf('# T\n\n```sh expect=202 save=ID:requestId\ncurl x\n```\n')
    expect(fence).toMatchObject({
      language: 'sh',
      meta: { expect: '202', save: 'ID:requestId' },
      code: 'curl x',
    })
    const shown = { error: { code: 'APP_TOKEN_INVALID', message: '...' }, ok: true }
    expect(
      shapeDifferences(shown, { error: { code: 'APP_TOKEN_INVALID', message: 'Unknown' }, ok: true }),
    ).toEqual([])
    expect(shapeDifferences(shown, { error: { code: 'TOKEN_EXPIRED', message: 'x' }, ok: true })).toEqual([
      '.error.code: TOKEN_EXPIRED instead of APP_TOKEN_INVALID',
    ])
    expect(shapeDifferences(shown, { error: { message: 1 }, ok: false })).toEqual([
      '.error.code: missing',
      '.error.message: number instead of string',
      '.ok: false instead of true',
    ])
    expect(pick({ result: { items: [{ id: 'a' }] } }, 'result.items[0].id')).toBe('a')
  })
})
