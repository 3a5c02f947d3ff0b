import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { GENERATED_FILE, publicDocument, renderSdkTypes } from './sdk-types.ts'

it('the SDK’s generated types match the API’s OpenAPI document (else run `npm run sdk:types`)', async () => {
  const expected = await renderSdkTypes(await publicDocument())
  // Every operation an app token calls is typed, and nothing of the back office or the signed-in web.
  expect(expected).toContain("'POST /v1/tts': {")
  expect(expected).toContain("'POST /api/v1/dubbing': {")
  expect(expected).not.toMatch(/'[A-Z]+ \/api\/v1\/admin/)
  expect(
    readFileSync(GENERATED_FILE, 'utf8'),
    'packages/sdk/src/generated/api.ts is stale: npm run sdk:types',
  ).toBe(expected)
}, 180_000)
