/**
 * Normalizer throughput: prints characters per second for growing inputs (news-like text and
 * pathological runs) so linear time can be checked by eye. Run: npx tsx packages/tts/src/normalize/bench/normalize-bench.ts
 */
import { normalize } from '../index.ts'

const NEWS =
  'Ngày 21/11/2026 lúc 8h30, UBND TP.HCM cho biết giá 1.500.000đ tăng 3,5% so với năm trước; ' +
  'gọi 0912 345 678 hoặc email hotro@loa.vn. Đội tuyển thắng 2-1, thế kỷ XXI, 25°C, 60 km/h… '
const PATHOLOGICAL: Record<string, string> = {
  'dots 1.1.1…': '1.',
  'at signs a@a@…': 'a@',
  'digits 999…': '9',
  'letters xxx…': 'x',
  'tags <b>…': '<b>',
  'emoji 😀…': '😀',
}

function fill(unit: string, size: number): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size)
}

function measure(label: string, text: string): void {
  const start = performance.now()
  const result = normalize(text)
  const ms = performance.now() - start
  const rate = Math.round((text.length / ms) * 1000)
  console.log(
    `${label.padEnd(22)} ${String(text.length).padStart(9)} chars ${ms.toFixed(0).padStart(7)} ms ${String(rate).padStart(9)} chars/s  spans=${result.spans.length}`,
  )
}

normalize(fill(NEWS, 50_000)) // warm-up
for (const size of [125_000, 250_000, 500_000, 1_000_000]) measure('news', fill(NEWS, size))
for (const [label, unit] of Object.entries(PATHOLOGICAL)) measure(label, fill(unit, 1_000_000))
