/**
 * The SDK's types (`packages/sdk/src/generated/api.ts`) from the API's OpenAPI document: `npm run sdk:types`
 * writes the file; `sdk-types.test.ts` fails when the committed file differs from what the document gives.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApiApp, loadApiConfig } from '@loa/api'
import { openTestDatabase } from '@loa/db'
import { openApiToTs, type OpenApiDocument } from '@loa-voice/sdk/codegen'
import { format, resolveConfig } from 'prettier'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
export const GENERATED_FILE = path.join(root, 'packages/sdk/src/generated/api.ts')

/**
 * The public OpenAPI document, as the API serves it to developers (an app on an empty database; nothing listens).
 * The SDK's generator keeps the developer operations of it (`isDeveloperOperation`).
 */
export const publicDocument = async (): Promise<OpenApiDocument> => {
  const database = await openTestDatabase({ seed: false })
  const config = loadApiConfig({ DATA_DIR: '/nonexistent', API_SESSION_CHECK: 'false' })
  const app = await buildApiApp({ config, database })
  try {
    const answer = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })
    if (answer.statusCode !== 200) throw new Error(`openapi.json answered ${answer.statusCode}`)
    return answer.json() as OpenApiDocument
  } finally {
    await app.close()
    await database.close()
  }
}

/** The generated file's text, formatted as the repository formats TypeScript. */
export const renderSdkTypes = async (doc: OpenApiDocument): Promise<string> =>
  format(openApiToTs(doc), { ...(await resolveConfig(GENERATED_FILE)), parser: 'typescript' })

const main = async () => {
  const text = await renderSdkTypes(await publicDocument())
  const before = (() => {
    try {
      return readFileSync(GENERATED_FILE, 'utf8')
    } catch {
      return ''
    }
  })()
  writeFileSync(GENERATED_FILE, text)
  console.log(`${path.relative(root, GENERATED_FILE)}: ${before === text ? 'unchanged' : 'written'}`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main()
