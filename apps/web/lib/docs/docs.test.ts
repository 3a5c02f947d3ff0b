import { describe, expect, it } from 'vitest'
import { parseInline, parseMarkdown } from './markdown'
import { fieldsOf, groupByProduct, typeOf, type ApiDocument } from './openapi'

describe('the guides’ Markdown', () => {
  it('reads headings, lists, tables and fences, and puts side= fences side by side', () => {
    const blocks = parseMarkdown(
      [
        '# Chuyển từ Vbee',
        'A paragraph',
        'on two lines.',
        '',
        '- one',
        '  continued',
        '- two',
        '',
        '| a | b |',
        '|---|---|',
        '| `x` | y |',
        '',
        '```sh theirs side=Vbee expect=400',
        'curl a',
        '```',
        '```sh side=Loa',
        'curl b',
        '```',
        '```json response',
        '{}',
        '```',
      ].join('\n'),
    )
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Chuyển từ Vbee', id: 'chuyen-tu-vbee' },
      { kind: 'paragraph', text: 'A paragraph on two lines.' },
      { kind: 'list', ordered: false, items: ['one continued', 'two'] },
      { kind: 'table', header: ['a', 'b'], rows: [['`x`', 'y']] },
      {
        kind: 'sides',
        panes: [
          { label: 'Vbee', language: 'sh', code: 'curl a' },
          { label: 'Loa', language: 'sh', code: 'curl b' },
        ],
      },
      { kind: 'code', language: 'json', meta: { response: '' }, code: '{}' },
    ])
  })

  it('marks code, strong text and links inline', () => {
    expect(parseInline('See **this** and `GET /v1/voices` in [the guide](/docs/quick-start).')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'strong', text: 'this' },
      { kind: 'text', text: ' and ' },
      { kind: 'code', text: 'GET /v1/voices' },
      { kind: 'text', text: ' in ' },
      { kind: 'link', text: 'the guide', href: '/docs/quick-start' },
      { kind: 'text', text: '.' },
    ])
  })
})

describe('the reference’s reading of the public document', () => {
  const doc: ApiDocument = {
    tags: [{ name: 'Text to speech' }, { name: 'Dubbing' }, { name: 'Call prompts' }],
    paths: {
      '/api/v1/tts': { post: { tags: ['Text to speech'] } },
      '/api/v1/dubbing': { post: { tags: ['Dubbing'] } },
      '/v1/tts': { post: { tags: ['Text to speech'] }, parameters: {} as never },
    },
  }

  it('groups operations by product in the document’s order, the current API first, empty products left out', () => {
    expect(
      groupByProduct(doc).map((g) => [g.id, g.operations.map((o) => `${o.method} ${o.path} #${o.id}`)]),
    ).toEqual([
      ['text-to-speech', ['post /v1/tts #post-v1-tts', 'post /api/v1/tts #post-api-v1-tts']],
      ['dubbing', ['post /api/v1/dubbing #post-api-v1-dubbing']],
    ])
  })

  it('says a field’s type in words and lists nested fields under their parent', () => {
    expect(typeOf({ type: 'integer', minimum: 8000, maximum: 48000 })).toBe('integer (8000–48000)')
    expect(typeOf({ anyOf: [{ type: 'string' }, { type: 'number' }] })).toBe('string | number')
    expect(typeOf({ type: 'array', items: { type: 'object' } })).toBe('array of object')
    const fields = fieldsOf({
      type: 'object',
      required: ['text'],
      properties: {
        text: { type: 'string', description: 'The text' },
        sentences: { type: 'array', items: { type: 'object', properties: { voice: { type: 'string' } } } },
      },
    })
    expect(fields.map((f) => [f.name, f.depth, f.required])).toEqual([
      ['text', 0, true],
      ['sentences', 0, false],
      ['sentences[].voice', 1, false],
    ])
  })
})

describe('the docs’ messages', () => {
  it('vi and en have the same keys', async () => {
    const keys = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([k, v]) =>
        typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
      )
    const [vi, en] = await Promise.all([
      import('../../messages/docs/vi.json'),
      import('../../messages/docs/en.json'),
    ])
    expect(keys(en.default).sort()).toEqual(keys(vi.default).sort())
  })
})
