import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { GrowthBook, type FeatureDefinition, type TrackingData } from '@growthbook/growthbook'
import { AppError } from '@loa/contracts'
import { decryptString, encryptString } from './crypto.ts'
import { evaluatePayload, evalRequestSchema } from './evaluate.ts'
import { FlagsErrorCode } from './error-codes.ts'
import type { FeaturesPayload } from './payload.ts'
import { referencedGroups, validateCondition, validateRule } from './validate.ts'

/**
 * GrowthBook's public SDK conformance suite (cases.json, vendored in ./testing) run against
 * everything this server evaluates or produces: remote evaluation (features, experiments, conditions,
 * hashing, bucket ranges, variation choice), write-time validation, and payload encryption.
 */
interface Cases {
  evalCondition: [string, unknown, Record<string, unknown>, boolean, Record<string, unknown[]>?][]
  hash: [string, string, number, number | null][]
  getBucketRange: [string, [number, number, number[] | null], [number, number][]][]
  chooseVariation: [string, number, [number, number][], number][]
  feature: [string, Record<string, unknown>, string, Record<string, unknown>][]
  run: [string, Record<string, unknown>, Record<string, unknown>, unknown, boolean, boolean][]
  decrypt: [string, string, string, string | null][]
}
const casesFile = new URL('./testing/growthbook-cases.json', import.meta.url)
const cases = JSON.parse(readFileSync(casesFile, 'utf8')) as Cases

type Ctx = { attributes?: Record<string, unknown>; forcedVariations?: Record<string, number>; url?: string }
const remoteEval = (
  features: Record<string, unknown>,
  ctx: Ctx & { savedGroups?: Record<string, unknown[]> } = {},
): FeaturesPayload['features'] => {
  const payload = {
    status: 200,
    features,
    experiments: [],
    dateUpdated: new Date().toISOString(),
    savedGroups: ctx.savedGroups ?? {},
  } as FeaturesPayload
  const request = evalRequestSchema.parse({
    attributes: ctx.attributes ?? {},
    forcedVariations: ctx.forcedVariations ?? {},
    url: ctx.url ?? '',
  })
  return evaluatePayload(payload, request).features
}

/** What a client SDK makes of a remote-eval answer: its value, and the exposures it tracks. */
const clientView = (evaluated: FeaturesPayload['features'], key: string) => {
  const tracked: TrackingData[] = []
  const gb = new GrowthBook({
    features: evaluated as Record<string, FeatureDefinition>,
    trackingCallback: (experiment, result) => void tracked.push({ experiment, result }),
  })
  const result = gb.evalFeature(key)
  gb.destroy()
  return { value: result.value, tracked }
}

/** FNV-1a 32 and GrowthBook's hash, from the published formula (checked against the hash vectors below). */
const fnv = (s: string) => {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h += (h << 1) + (h << 4) + (h << 7) + (h << 8) + (h << 24)
  }
  return h >>> 0
}
const hashV2 = (seed: string, value: string) => (fnv(String(fnv(seed + value))) % 10000) / 10000

describe('GrowthBook conformance: remote evaluation', () => {
  it('feature cases: the value and exposure a client gets from /api/eval match the expected result', () => {
    const unsupported = cases.feature.filter(([, ctx]) => 'contextualBandits' in ctx)
    expect(unsupported.length).toBe(4) // contextual bandits are not offered by this service
    let checked = 0
    for (const [name, ctx, key, expected] of cases.feature) {
      if ('contextualBandits' in ctx) continue
      const evaluated = remoteEval((ctx.features ?? {}) as Record<string, unknown>, ctx as Ctx)
      const expectedValue = expected.value ?? null
      expect(evaluated[key]?.defaultValue ?? null, name).toEqual(expectedValue)
      const view = clientView(evaluated, key)
      expect(view.value, name).toEqual(expectedValue)
      const expResult = expected.experimentResult as Record<string, unknown> | undefined
      if (expected.source === 'experiment' && expResult) {
        const mine = view.tracked.find(
          (t) => t.experiment.key === (expected.experiment as { key: string }).key,
        )
        expect(mine, name).toBeDefined()
        expect(mine!.result, name).toMatchObject({
          variationId: expResult.variationId,
          inExperiment: true,
          hashUsed: expResult.hashUsed,
          hashValue: expResult.hashValue,
          value: expResult.value,
          key: expResult.key,
        })
        // Variations the user did not get are scrubbed from the answer.
        mine!.experiment.variations.forEach((v, i) => {
          if (i !== expResult.variationId) expect(v, name).toEqual({})
        })
      }
      checked++
    }
    expect(checked).toBe(51)
  })

  it('run cases: experiments served as feature rules assign the expected variation', () => {
    let checked = 0
    for (const [name, ctx, experiment, expectedValue, inExperiment, hashUsed] of cases.run) {
      // Context switches (enabled, qaMode) and experiment-only fields (active, force) have no rule equivalent.
      if (ctx.enabled === false || ctx.qaMode || 'active' in experiment || 'force' in experiment) continue
      const { key, ...rest } = experiment as { key: string }
      const DEFAULT = '__not_in_experiment__'
      const features = {
        ...((ctx.features ?? {}) as Record<string, unknown>),
        'conformance-run': { defaultValue: DEFAULT, rules: [{ key, ...rest }] },
      }
      const evaluated = remoteEval(features, ctx as Ctx & { savedGroups?: Record<string, unknown[]> })
      const view = clientView(evaluated, 'conformance-run')
      if (inExperiment) {
        expect(view.value, name).toEqual(expectedValue)
        const track = view.tracked.find((t) => t.experiment.key === key)
        expect(track?.result.hashUsed, name).toBe(hashUsed)
      } else {
        expect(view.value, name).toBe(DEFAULT)
      }
      checked++
    }
    expect(checked).toBe(63)
  })

  it('condition cases: a force rule with the condition matches exactly when the case expects', () => {
    for (const [name, condition, attributes, expected, savedGroups] of cases.evalCondition) {
      const evaluated = remoteEval(
        { c: { defaultValue: false, rules: [{ condition, force: true }] } },
        { attributes, savedGroups: savedGroups ?? {} },
      )
      expect(evaluated.c?.defaultValue, name).toBe(expected)
    }
  })

  it('hash vectors: a rollout over exactly the expected bucket includes the id, the next bucket does not', () => {
    for (const [seed, value, version, expected] of cases.hash) {
      const step = version === 2 ? 0.0001 : 0.001
      const at = (lo: number) =>
        remoteEval(
          {
            [seed]: {
              defaultValue: false,
              rules: [{ force: true, hashAttribute: 'id', hashVersion: version, range: [lo, lo + step] }],
            },
          },
          { attributes: { id: value } },
        )[seed]?.defaultValue
      const name = JSON.stringify([seed, value, version])
      if (expected === null) {
        expect(at(0), name).toBe(false) // unknown hash version: never included
        continue
      }
      expect(at(expected), name).toBe(true)
      expect(at(expected + step), name).toBe(false)
      if (version === 2) expect(hashV2(seed, value), name).toBeCloseTo(expected, 10)
    }
  })

  it('bucket ranges: assignments of 2,000 ids follow the expected ranges (weights, coverage)', () => {
    // The SDK prints a warning for each evaluation with bad weights (the cases that test its fallback).
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    for (const [name, [n, coverage, weights], ranges] of cases.getBucketRange) {
      const variations = Array.from({ length: n }, (_, i) => i)
      const rule: Record<string, unknown> = {
        key: 'exp',
        variations,
        coverage,
        hashAttribute: 'id',
        hashVersion: 2,
      }
      if (weights) rule.weights = weights
      const valid = validateOrCode(() => validateRule(rule, 'number', 'rule', { newId: () => 'r1' }))
      const sdkFallsBack =
        (weights && (weights.length !== n || Math.abs(weights.reduce((a, b) => a + b, 0) - 1) > 0.01)) ||
        coverage < 0 ||
        coverage > 1
      // What the SDK would silently "fix", we refuse at write time with a stable code.
      if (sdkFallsBack) {
        expect(valid, name).toMatch(/FLAG_(WEIGHTS|COVERAGE)_INVALID/)
      } else expect(valid, name).toBe('ok')
      for (let i = 0; i < 2000; i++) {
        const id = `user-${i}`
        const h = hashV2('exp', id)
        const expectedVariation = ranges.findIndex(([a, b]) => h >= a && h < b)
        const value = remoteEval({ f: { defaultValue: -1, rules: [rule] } }, { attributes: { id } }).f
          ?.defaultValue
        expect(value, `${name} ${id}`).toBe(expectedVariation)
      }
    }
    quiet.mockRestore()
  })

  it('chooseVariation cases: explicit ranges pick the expected variation for an id hashing to n', () => {
    const byBucket = new Map<number, string>()
    for (let i = 0; byBucket.size < 10000 && i < 400_000; i++) {
      const id = `id-${i}`
      const b = Math.round(hashV2('cv', id) * 10000)
      if (!byBucket.has(b)) byBucket.set(b, id)
    }
    for (const [name, n, ranges, expected] of cases.chooseVariation) {
      const id = byBucket.get(Math.round(n * 10000))
      expect(id, name).toBeDefined()
      const rule = {
        key: 'cv',
        variations: ranges.map((_, i) => i),
        ranges,
        hashAttribute: 'id',
        hashVersion: 2,
      }
      const value = remoteEval({ f: { defaultValue: -1, rules: [rule] } }, { attributes: { id } }).f
        ?.defaultValue
      expect(value, name).toBe(expected)
    }
  })
})

const validateOrCode = (fn: () => unknown): string => {
  try {
    fn()
    return 'ok'
  } catch (error) {
    if (error instanceof AppError) return error.code
    throw error
  }
}

describe('GrowthBook conformance: write-time validation accepts what the evaluator understands', () => {
  it('every case condition is accepted, or rejected only when it can never match', () => {
    const rejected: string[] = []
    for (const [name, condition, , expected, savedGroups] of cases.evalCondition) {
      const code = validateOrCode(() =>
        validateCondition(condition, { savedGroupIds: new Set(Object.keys(savedGroups ?? {})) }),
      )
      if (code === 'ok') continue
      rejected.push(name)
      if (code === FlagsErrorCode.FLAG_SAVED_GROUP_NOT_FOUND) {
        // A reference to a saved group that does not exist is refused whatever it would evaluate to.
        const missing = [...referencedGroups(condition)].filter((g) => !(g in (savedGroups ?? {})))
        expect(missing.length, name).toBeGreaterThan(0)
        continue
      }
      expect(code, name).toBe(FlagsErrorCode.FLAG_CONDITION_INVALID)
      expect(expected, `${name} was rejected but can match`).toBe(false)
    }
    // Malformed input the SDK silently treats as "no match" (bad regex, unknown operator, wrong operand types…).
    expect(rejected.length).toBeGreaterThan(0)
    expect(rejected.length).toBeLessThan(cases.evalCondition.length / 4)
  })
})

describe('GrowthBook conformance: payload encryption', () => {
  it('our decryption agrees with the decrypt vectors', async () => {
    for (const [name, encrypted, key, expected] of cases.decrypt) {
      const result = await decryptString(encrypted, key).catch(() => null)
      expect(result, name).toBe(expected)
    }
  })

  it('our encryption round-trips through the vectors’ keys', async () => {
    for (const [, , key, expected] of cases.decrypt) {
      if (expected === null) continue
      const encrypted = await encryptString(expected, key)
      expect(encrypted).toMatch(/^[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/)
      expect(await decryptString(encrypted, key)).toBe(expected)
    }
  })
})
