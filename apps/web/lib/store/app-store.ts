/**
 * Client state of spec §3–§4: audioPlayer, voice.selectedAudio, waveSuffer, location, ui — and their actions.
 * The studio reads and writes the same store (audioPlayer, waveSuffer).
 */
import { create } from 'zustand'
import { DEFAULT_COUNTRY } from '@loa/contracts/browser'

export interface SelectedAudio {
  voiceCode: string | null
  audioLink: string | null
  isPlaying: boolean
  currentTime: number
}

export interface AppState {
  audioPlayer: { audioId: string | null }
  voice: { selectedAudio: SelectedAudio }
  waveSuffer: { audioUrl: string | null }
  location: { ip: string | null; country: string }
  ui: { checkShowHeader: boolean }
  updateAudioId: (audioId: string | null) => void
  updateSelectedVoice: (patch: Partial<Pick<SelectedAudio, 'voiceCode' | 'audioLink' | 'isPlaying'>>) => void
  updateCurrentTime: (currentTime: number) => void
  resetSelectedVoice: () => void
  updateAudioUrl: (audioUrl: string | null) => void
  updateLocation: (location: { ip?: string | null; country?: string }) => void
  setCheckShowHeader: (value: boolean) => void
}

export const initialSelectedAudio: SelectedAudio = {
  voiceCode: null,
  audioLink: null,
  isPlaying: false,
  currentTime: 0,
}

export const createAppStore = () =>
  create<AppState>()((set) => ({
    audioPlayer: { audioId: null },
    voice: { selectedAudio: { ...initialSelectedAudio } },
    waveSuffer: { audioUrl: null },
    location: { ip: null, country: DEFAULT_COUNTRY },
    ui: { checkShowHeader: false },
    updateAudioId: (audioId) => set({ audioPlayer: { audioId } }),
    // Each field changes only if supplied.
    updateSelectedVoice: (patch) =>
      set((s) => {
        const next = { ...s.voice.selectedAudio }
        if (patch.voiceCode !== undefined) next.voiceCode = patch.voiceCode
        if (patch.audioLink !== undefined) next.audioLink = patch.audioLink
        if (patch.isPlaying !== undefined) next.isPlaying = patch.isPlaying
        return { voice: { selectedAudio: next } }
      }),
    updateCurrentTime: (currentTime) =>
      set((s) => ({ voice: { selectedAudio: { ...s.voice.selectedAudio, currentTime } } })),
    resetSelectedVoice: () => set({ voice: { selectedAudio: { ...initialSelectedAudio } } }),
    updateAudioUrl: (audioUrl) => set({ waveSuffer: { audioUrl } }),
    updateLocation: ({ ip, country }) =>
      set((s) => ({
        location: { ip: ip === undefined ? s.location.ip : ip, country: country ?? s.location.country },
      })),
    setCheckShowHeader: (value) => set({ ui: { checkShowHeader: value } }),
  }))

/** The app's single store instance (browser). */
export const useAppStore = createAppStore()
