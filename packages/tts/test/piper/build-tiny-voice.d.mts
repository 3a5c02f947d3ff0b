export const TINY_SAMPLE_RATE: number
export const TINY_HOP: number
export const PHONEME_ID_MAP: Record<string, number[]>
export interface TinyVoiceOptions {
  speakers?: number
  names?: Partial<Record<'input' | 'input_lengths' | 'scales' | 'sid', string>>
}
export function buildTinyModel(options?: TinyVoiceOptions): Uint8Array
export function tinyVoiceConfig(options?: TinyVoiceOptions): Record<string, unknown> & {
  inference: { noise_scale: number; length_scale: number; noise_w: number }
  phoneme_id_map: Record<string, number[]>
}
export function writeTinyVoice(dir: string, name: string, options?: TinyVoiceOptions): string
export interface TinyRepository {
  url: string
  requests: string[]
  bytesOf(name: string): number
  close(): Promise<void>
}
export function startTinyRepository(
  names: string[],
  options?: { pieceDelayMs?: number },
): Promise<TinyRepository>
