/** The evaluation rule of vi-reading-conventions.md: NFC, lowercase, pause tags and punctuation → space. */
export function comparable(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/<break time="\d+ms"\/>/g, ' ')
    .replace(/\p{P}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}
