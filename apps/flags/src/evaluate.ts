import { GrowthBook, type FeatureDefinition, type FeatureRule, type Experiment } from '@growthbook/growthbook'
import { strictObjects } from '@loa/contracts'
import { z } from 'zod'
import type { FeaturesPayload } from './payload.ts'

/**
 * Remote evaluation (`POST /api/eval/{clientKey}`). Evaluation is done by the official SDK's own evaluator
 * (`GrowthBook#evalFeature`, unpatched) on the server, so results are by construction the ones a client
 * SDK computes locally; this module only reduces them to GrowthBook's remote-eval shape: every feature
 * becomes `{defaultValue: value}`, and an experiment exposure becomes a force rule with `tracks`, so the
 * client SDK fires its `trackingCallback`. Variations the user was not assigned are scrubbed to `{}`.
 */
const MAX_ENTRIES = 1000

/**
 * The body the GrowthBook SDK sends (`attributes`, `forcedVariations`, `forcedFeatures`, `url` — feature-repository
 * of @growthbook/growthbook), strict like every body of Loa: another key is a 400. Attribute values are free.
 */
export const evalRequestSchema = strictObjects(
  z.object({
    attributes: z
      .record(z.string(), z.unknown())
      .refine((r) => Object.keys(r).length <= MAX_ENTRIES, 'too many attributes')
      .default({}),
    forcedVariations: z
      .record(z.string(), z.number().int())
      .refine((r) => Object.keys(r).length <= MAX_ENTRIES, 'too many forced variations')
      .default({}),
    forcedFeatures: z
      .array(z.tuple([z.string(), z.unknown()]))
      .max(MAX_ENTRIES)
      .default([]),
    url: z.string().max(8192).default(''),
  }),
)

export type EvalRequest = z.output<typeof evalRequestSchema>

const scrub = (experiment: Experiment<unknown>, keep: number): Experiment<unknown> => {
  const { condition: _condition, ...rest } = experiment
  return {
    ...rest,
    variations: experiment.variations.map((v, i) =>
      i === keep ? v : {},
    ) as Experiment<unknown>['variations'],
  }
}

export const evaluatePayload = (payload: FeaturesPayload, request: EvalRequest): FeaturesPayload => {
  const gb = new GrowthBook({
    attributes: request.attributes,
    features: payload.features as Record<string, FeatureDefinition>,
    savedGroups: payload.savedGroups ?? {},
    forcedVariations: request.forcedVariations,
    ...(request.url ? { url: request.url } : {}),
  })
  try {
    if (request.forcedFeatures.length) gb.setForcedFeatures(new Map(request.forcedFeatures))
    const features: Record<string, FeatureDefinition & { defaultValue: unknown }> = {}
    for (const key of Object.keys(payload.features)) {
      const result = gb.evalFeature(key)
      // Exposures recorded while evaluating this feature (its experiment and prerequisite experiments).
      const calls = gb.getDeferredTrackingCalls()
      gb.setDeferredTrackingCalls([])
      const tracks: NonNullable<FeatureRule['tracks']> = calls
        .filter((c) => c.experiment && c.result)
        .map((c) => ({ experiment: scrub(c.experiment, c.result.variationId), result: c.result }))
      if (!tracks.length && result.source === 'experiment' && result.experiment && result.experimentResult)
        tracks.push({
          experiment: scrub(result.experiment, result.experimentResult.variationId),
          result: result.experimentResult,
        })
      const definition: FeatureDefinition & { defaultValue: unknown } = { defaultValue: result.value }
      if (tracks.length) definition.rules = [{ force: result.value, tracks }]
      features[key] = definition
    }
    return { ...payload, features, experiments: [] }
  } finally {
    gb.destroy()
  }
}
