import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { strictObjects } from './strict.ts'

const codes = (r: { success: boolean; error?: z.ZodError }) => r.error?.issues.map((i) => i.code) ?? []

describe('strictObjects', () => {
  const body = z
    .object({
      name: z.string().trim().max(10),
      items: z.array(z.object({ id: z.number() })).optional(),
      kind: z.discriminatedUnion('k', [z.object({ k: z.literal('a'), a: z.string() })]).optional(),
      meta: z.record(z.string(), z.object({ x: z.number() })).default({}),
      piped: z
        .object({ v: z.string() })
        .transform((o) => o.v.length)
        .optional(),
    })
    .refine((b) => b.name !== 'bad', 'name must not be bad')
    .nullish()
  const strict = strictObjects(body)

  it('refuses unknown keys at every depth', () => {
    for (const input of [
      { name: 'a', extra: 1 },
      { name: 'a', items: [{ id: 1, extra: 1 }] },
      { name: 'a', kind: { k: 'a', a: 'x', extra: 1 } },
      { name: 'a', meta: { m: { x: 1, extra: 1 } } },
      { name: 'a', piped: { v: 'x', extra: 1 } },
    ]) {
      expect(body.safeParse(input).success).toBe(true)
      expect(codes(strict.safeParse(input)), JSON.stringify(input)).toContain('unrecognized_keys')
    }
  })

  it('keeps every other rule: transforms, defaults, refinements, nullish', () => {
    expect(strict.parse({ name: ' a ', piped: { v: 'xyz' } })).toEqual({ name: 'a', meta: {}, piped: 3 })
    expect(strict.safeParse({ name: 'bad' }).success).toBe(false)
    expect(strict.safeParse({ name: 'x'.repeat(11) }).success).toBe(false)
    expect(strict.parse(null)).toBeNull()
  })

  it('leaves loose objects loose and is memoized', () => {
    const loose = z.looseObject({ a: z.string() })
    expect(strictObjects(loose).parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 })
    expect(strictObjects(body)).toBe(strict)
  })
})
