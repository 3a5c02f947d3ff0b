import { describe, expect, it } from 'vitest'
import { createAppStore } from './app-store'

describe('client state (spec §3–§4)', () => {
  it('starts with the spec defaults', () => {
    const s = createAppStore().getState()
    expect(s.audioPlayer).toEqual({ audioId: null })
    expect(s.voice.selectedAudio).toEqual({
      voiceCode: null,
      audioLink: null,
      isPlaying: false,
      currentTime: 0,
    })
    expect(s.waveSuffer).toEqual({ audioUrl: null })
    expect(s.location).toEqual({ ip: null, country: 'VN' })
    expect(s.ui).toEqual({ checkShowHeader: false })
  })

  it('updates the selected voice only with supplied fields, then resets it', () => {
    const store = createAppStore()
    store.getState().updateSelectedVoice({ voiceCode: 'hn_a', audioLink: '/a.mp3' })
    store.getState().updateCurrentTime(2.5)
    store.getState().updateSelectedVoice({ isPlaying: true })
    expect(store.getState().voice.selectedAudio).toEqual({
      voiceCode: 'hn_a',
      audioLink: '/a.mp3',
      isPlaying: true,
      currentTime: 2.5,
    })
    store.getState().resetSelectedVoice()
    expect(store.getState().voice.selectedAudio).toEqual({
      voiceCode: null,
      audioLink: null,
      isPlaying: false,
      currentTime: 0,
    })
  })

  it('audio id, audio URL, location and header flag actions', () => {
    const store = createAppStore()
    store.getState().updateAudioId('req-1')
    store.getState().updateAudioUrl('/r.mp3')
    store.getState().updateLocation({ ip: '203.0.113.9' })
    store.getState().updateLocation({ country: 'US' })
    store.getState().setCheckShowHeader(true)
    const s = store.getState()
    expect([s.audioPlayer.audioId, s.waveSuffer.audioUrl, s.location, s.ui.checkShowHeader]).toEqual([
      'req-1',
      '/r.mp3',
      { ip: '203.0.113.9', country: 'US' },
      true,
    ])
  })
})
