export const MEDIUM_VOICE: string
export const MEDIUM_SAMPLE_RATE: number
export function buildMediumModel(): Uint8Array
export function mediumVoiceConfig(): Record<string, unknown>
export function writeMediumVoice(dir?: string): string
