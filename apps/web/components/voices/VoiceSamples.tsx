'use client'
import { useEffect, useRef, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { REGIONS, VOICE_PURPOSES, type VoicePurpose } from '@loa/contracts/browser'
import type { SampleVoice, VoicesByPurpose } from '@/lib/voices'
import { useAppStore } from '@/lib/store/app-store'
import { toast } from '@/lib/store/toast-store'
import { getFingerprint } from '@/lib/visitor/fingerprint'
import { useApi } from '@/components/shell/config-context'
import { SignUpButton } from '@/components/auth/SignUpButton'
import { IconButton } from '@/components/ui/IconButton'
import { Tabs } from '@/components/ui/Tabs'

/**
 * Voice categories by purpose with playable samples per region and gender. One shared <audio>: one sample plays at a
 * time (client state voice.selectedAudio); each listen posts a demo event with the visitor fingerprint.
 */
export function VoiceSamples({ groups, failed }: { groups: VoicesByPurpose; failed: boolean }) {
  const t = useTranslations()
  const api = useApi()
  const audioRef = useRef<HTMLAudioElement | null>(null)
  const pendingEvent = useRef<string | null>(null)
  const [purpose, setPurpose] = useState<VoicePurpose>(
    VOICE_PURPOSES.find((p) => groups[p].length) ?? 'REVIEW_FILM',
  )
  const selected = useAppStore((s) => s.voice.selectedAudio)
  const updateSelectedVoice = useAppStore((s) => s.updateSelectedVoice)
  const updateCurrentTime = useAppStore((s) => s.updateCurrentTime)
  const resetSelectedVoice = useAppStore((s) => s.resetSelectedVoice)

  useEffect(() => {
    const audio = new Audio()
    audio.preload = 'none'
    audioRef.current = audio
    const onPlaying = () => {
      updateSelectedVoice({ isPlaying: true })
      const voiceCode = pendingEvent.current
      if (!voiceCode) return
      pendingEvent.current = null
      const duration = Number.isFinite(audio.duration) ? Math.round(audio.duration * 1000) / 1000 : 0
      void api.postDemoEvent({ fingerprint: getFingerprint(), voiceCode, duration, click: 1 })
    }
    const onPause = () => updateSelectedVoice({ isPlaying: false })
    const onEnded = () => resetSelectedVoice()
    const onTime = () => updateCurrentTime(audio.currentTime)
    audio.addEventListener('playing', onPlaying)
    audio.addEventListener('pause', onPause)
    audio.addEventListener('ended', onEnded)
    audio.addEventListener('timeupdate', onTime)
    return () => {
      audio.pause()
      audio.removeEventListener('playing', onPlaying)
      audio.removeEventListener('pause', onPause)
      audio.removeEventListener('ended', onEnded)
      audio.removeEventListener('timeupdate', onTime)
      resetSelectedVoice()
    }
  }, [api, updateSelectedVoice, updateCurrentTime, resetSelectedVoice])

  const toggle = (voice: SampleVoice) => {
    const audio = audioRef.current
    if (!audio) return
    if (selected.voiceCode === voice.code && selected.isPlaying) {
      audio.pause()
      return
    }
    if (selected.voiceCode !== voice.code || audio.src !== voice.audioLink) {
      audio.pause()
      audio.src = voice.audioLink
      updateCurrentTime(0)
    }
    updateSelectedVoice({ voiceCode: voice.code, audioLink: voice.audioLink })
    pendingEvent.current = voice.code
    audio.play().catch((error: unknown) => {
      if ((error as Error)?.name === 'AbortError') return
      pendingEvent.current = null
      updateSelectedVoice({ isPlaying: false })
      toast.error(t('voices.playFailed'))
    })
  }

  const voices = groups[purpose]
  return (
    <div className="voice-samples">
      <Tabs
        label={t('voices.title')}
        appearance="pills"
        items={VOICE_PURPOSES.map((p) => ({ value: p, label: t(`voices.purposes.${p}`) }))}
        value={purpose}
        onChange={setPurpose}
        className="voice-panel"
      >
        {failed && <p className="muted">{t('voices.unavailable')}</p>}
        {!failed && voices.length === 0 && <p className="muted">{t('voices.empty')}</p>}
        {REGIONS.map((region) => {
          const inRegion = voices.filter((v) => v.region === region)
          if (!inRegion.length) return null
          return (
            <div key={region} className="region-group">
              <h3>{t(`voices.regions.${region}`)}</h3>
              <ul className="voice-list">
                {inRegion.map((voice) => {
                  const playing = selected.voiceCode === voice.code && selected.isPlaying
                  return (
                    <li
                      key={`${purpose}-${voice.code}`}
                      className="voice-item"
                      data-voice={voice.code}
                      data-gender={voice.gender}
                    >
                      <IconButton
                        className="voice-play"
                        aria-pressed={playing}
                        label={
                          playing
                            ? t('voices.pause', { name: voice.name })
                            : t('voices.play', { name: voice.name })
                        }
                        onClick={() => toggle(voice)}
                      >
                        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                          <path
                            d={playing ? 'M7 5h4v14H7zm6 0h4v14h-4z' : 'M8 5v14l11-7z'}
                            fill="currentColor"
                          />
                        </svg>
                      </IconButton>
                      <span className="voice-name">{voice.name}</span>
                      <span className="voice-meta">{t(`voices.genders.${voice.gender}`)}</span>
                    </li>
                  )
                })}
              </ul>
            </div>
          )
        })}
      </Tabs>
      <div className="cta-row center">
        <SignUpButton place="voices">{t('nav.tryFree')}</SignUpButton>
      </div>
    </div>
  )
}
