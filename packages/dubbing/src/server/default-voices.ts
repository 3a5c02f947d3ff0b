/** A dubbing voice of the catalogue, as the default-voice choice needs it. */
export interface VoiceChoice {
  code: string
  gender: string
  region: string
}

/**
 * Distinct default voices for a file's speakers: the first keeps the project's voice, each next one takes
 * the catalogue voice that differs most from the voices already given — other gender first, then other
 * region — so two speakers never share a voice while the catalogue has enough.
 */
export const distinctVoices = (
  names: readonly string[],
  catalogue: readonly VoiceChoice[],
  projectVoice: string,
): Map<string, string> => {
  const given: VoiceChoice[] = []
  const out = new Map<string, string>()
  const first = catalogue.find((v) => v.code === projectVoice)
  for (const name of names) {
    const unused = catalogue.filter((v) => !given.some((g) => g.code === v.code))
    if (given.length === 0 || unused.length === 0) {
      const pick = given.length === 0 ? first : undefined
      out.set(name, pick?.code ?? projectVoice)
      if (pick) given.push(pick)
      else if (given.length === 0) given.push({ code: projectVoice, gender: '', region: '' })
      continue
    }
    const last = given.at(-1)!
    const score = (v: VoiceChoice): number =>
      (v.gender !== last.gender ? 2 : 0) +
      (v.region !== last.region ? 1 : 0) -
      given.filter((g) => g.gender === v.gender && g.region === v.region).length * 4
    const best = unused.reduce((a, b) => (score(b) > score(a) ? b : a))
    out.set(name, best.code)
    given.push(best)
  }
  return out
}
