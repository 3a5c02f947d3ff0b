import { operationsOf, type OpenApiDocument, type Operation } from './walk.ts'

/**
 * The two OpenAPI documents cut from the one the routes generate:
 * - the public developer document (`publicDocument`, served at `PUBLIC_OPENAPI_PATH`): the developer API only,
 *   each operation under one product tag, read by the site's `/docs` and by the SDK's type generator;
 * - the operator document (`operatorDocument`, `OPERATOR_OPENAPI_PATH`, admin role only): every operation, the
 *   back office included, under the routes' own area tags.
 * An operation is public only when a product rule names its path, and never when it is tagged `admin` or lives
 * under `/admin/`: a new route is internal until someone files it under a product here.
 */

export const PUBLIC_OPENAPI_PATH = '/api/v1/openapi.json'
export const OPERATOR_OPENAPI_PATH = '/api/v1/admin/openapi.json'

export const PRODUCT_TAGS = [
  {
    name: 'Text to speech',
    description:
      'Turn text into audio: `POST /v1/tts` (sync or async, polled or called back) and the older Vbee-shaped ' +
      '`/api/v1/tts`; the voices a token may use.',
  },
  {
    name: 'OpenAI-compatible',
    description:
      'OpenAI’s `audio/speech` shape: point the official OpenAI SDKs at Loa and keep your code (models and voices ' +
      'listed as OpenAI lists them).',
  },
  {
    name: 'Streaming',
    description:
      'Audio while it is made: a chunked HTTP stream of one text, and a ticket for the text-in WebSocket from a browser.',
  },
  {
    name: 'Dubbing',
    description:
      'Dub a subtitle file with Loa voices: create a render from an SRT/VTT link and read its outcome.',
  },
  {
    name: 'Call prompts',
    description: 'Render IVR and reminder prompts in bulk, row by row, in telephone formats.',
  },
  {
    name: 'Webhooks',
    description:
      'What Loa sent to your `callback_url`: the signed callback (`X-Loa-Signature`), its delivery attempts and ' +
      'the last result.',
  },
  {
    name: 'Account and usage',
    description:
      'An API app’s usage and request log (signed-in console calls: the SSO access token, not the app token).',
  },
] as const

export type ProductTag = (typeof PRODUCT_TAGS)[number]['name']

/** First match wins: the product an operation's path belongs to. */
const PRODUCT_RULES: [RegExp, ProductTag][] = [
  [/^\/api\/v1\/tts\/stream$|^\/v1\/tts\/stream-tickets$/, 'Streaming'],
  [
    /^\/api\/v1\/tts\/\{request_id\}\/callback-result$|^\/api\/v1\/api-apps\/\{id\}\/requests\/\{request_id\}\/callbacks$/,
    'Webhooks',
  ],
  // `/hmi/tts/v5`: FPT.AI's text-to-speech v5 shape at FPT's own path (change only the host).
  [/^\/v1\/tts(\/|$)|^\/v1\/voices$|^\/api\/v1\/tts(\/|$)|^\/hmi\/tts\/v5$/, 'Text to speech'],
  [/^\/v1\/(audio|models)(\/|$)/, 'OpenAI-compatible'],
  [/^\/api\/v1\/dubbing(\/\{render_id\})?$/, 'Dubbing'],
  [/^\/api\/v1\/call-prompts(\/|$)/, 'Call prompts'],
  [/^\/api\/v1\/api-apps\/\{id\}\/(usage|requests)$/, 'Account and usage'],
]

/** Back-office operations: never in the public document, whatever their path. */
export const isAdminOperation = (path: string, operation: Operation): boolean =>
  /\/admin(\/|$)/.test(path) || ((operation as { tags?: string[] }).tags ?? []).includes('admin')

/** The product of a public operation; undefined for everything else (back office, the web app's own calls). */
export const productOf = (path: string, operation: Operation): ProductTag | undefined =>
  isAdminOperation(path, operation) ? undefined : PRODUCT_RULES.find(([rule]) => rule.test(path))?.[1]

const PUBLIC_DESCRIPTION =
  'The Loa developer API: Vietnamese text to speech, OpenAI-compatible speech, streaming, dubbing and call prompts. ' +
  'Authenticate with an API app token from the console: `Authorization: Bearer loa_…` (opaque). `/v1/*` answers ' +
  'camelCase and fails with `{"error":{"code":"…","message":"…"}}`; `/api/v1/*` answers snake_case ' +
  '`{"status":1,"result":…}` and fails with `{"status":0,"error_code":"…","error_message":"…"}`. Guides: `/docs`.'

type Document = OpenApiDocument & { info?: Record<string, unknown>; tags?: unknown[] }

/** The developer document: public operations only, each tagged with its product, products in a fixed order. */
export const publicDocument = (full: OpenApiDocument): OpenApiDocument => {
  const doc = structuredClone(full) as Document
  const paths: Document['paths'] = {}
  for (const op of operationsOf(doc)) {
    const product = productOf(op.path, op.operation)
    if (!product) continue
    const method = op.key.split(' ')[0]!.toLowerCase()
    ;(paths[op.path] ??= {})[method] = { ...op.operation, tags: [product] } as Operation
  }
  const used = new Set(Object.values(paths).flatMap((item) => Object.values(item).map((o) => tagOf(o))))
  return {
    ...doc,
    info: { ...doc.info, title: 'Loa developer API', description: PUBLIC_DESCRIPTION },
    tags: PRODUCT_TAGS.filter((tag) => used.has(tag.name)).map((tag) => ({ ...tag })),
    paths,
  } as OpenApiDocument
}

const tagOf = (operation: Operation) => (operation as { tags?: string[] }).tags?.[0]

/** The operator document: every operation as the routes declare it (the back office included). */
export const operatorDocument = (full: OpenApiDocument): OpenApiDocument => {
  const doc = structuredClone(full) as Document
  return {
    ...doc,
    info: {
      ...doc.info,
      title: 'Loa operator API (back office and the web app’s own calls)',
      description:
        'Every operation of the Loa API, for operators only (admin role). The developer API is documented apart ' +
        `(\`${PUBLIC_OPENAPI_PATH}\`, the site's /docs). ${String(doc.info?.description ?? '')}`,
    },
  } as OpenApiDocument
}
