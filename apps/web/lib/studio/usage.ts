/** Requests and characters per UTC day over the last `days` days (oldest first), for the console's chart. */
export const dailyUsage = (
  items: readonly { createdAt: string; characters: number }[],
  days: number,
  now: Date,
): { day: string; requests: number; characters: number }[] => {
  const out: { day: string; requests: number; characters: number }[] = []
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  for (let i = days - 1; i >= 0; i -= 1) {
    out.push({ day: new Date(end - i * 86_400_000).toISOString().slice(0, 10), requests: 0, characters: 0 })
  }
  const index = new Map(out.map((d, i) => [d.day, i]))
  for (const item of items) {
    const i = index.get(item.createdAt.slice(0, 10))
    if (i === undefined) continue
    out[i]!.requests += 1
    out[i]!.characters += item.characters
  }
  return out
}
