'use client'
import { useEffect, useRef, useState } from 'react'
import { GENDERS, REGIONS, VOICE_PURPOSES, VOICE_TIERS } from '@loa/contracts/browser'
import { useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import { useAppStore } from '@/lib/store/app-store'
import type { Voice } from '@/lib/api/types'
import type { StudioApi } from '@/lib/studio/api'
import { studioErrorKey } from '@/lib/studio/errors'
import { voiceEngineInfo } from '@/lib/voice-engine'
import { StudioDialog } from './StudioDialog'

interface Filters {
  search: string
  region: string
  gender: string
  purpose: string
  level: string
  favouritesOnly: boolean
}

const NO_FILTERS: Filters = {
  search: '',
  region: '',
  gender: '',
  purpose: '',
  level: '',
  favouritesOnly: false,
}

/**
 * Voice picker dialog: search and filters (region, gender, purpose, level), listen to each voice's sample,
 * favourites (kept per user in this browser), choose.
 */
export function VoicePicker({
  api,
  open,
  current,
  favourites,
  onToggleFavourite,
  onChoose,
  onClose,
}: {
  api: StudioApi
  open: boolean
  current: string
  favourites: string[]
  onToggleFavourite: (code: string) => void
  onChoose: (voice: Voice) => void
  onClose: () => void
}) {
  const t = useTranslations('studio.voices')
  const tAll = useTranslations()
  const tNeural = useTranslations('neuralVoices')
  const audio = useRef<HTMLAudioElement | null>(null)
  const [filters, setFilters] = useState<Filters>(NO_FILTERS)
  const [voices, setVoices] = useState<Voice[] | null>(null)
  const [playing, setPlaying] = useState<string | null>(null)

  useEffect(() => {
    if (!open) return
    let cancelled = false
    const timer = setTimeout(() => {
      api
        .voices({
          search: filters.search.trim() || undefined,
          region: filters.region || undefined,
          gender: filters.gender || undefined,
          features: filters.purpose || undefined,
          level: filters.level || undefined,
          languageCode: 'vi-VN',
          limit: 100,
        })
        .then((r) => {
          if (!cancelled) setVoices(r.items)
        })
        .catch((error: unknown) => {
          if (!cancelled) {
            setVoices([])
            toast.error(tAll(studioErrorKey(error)))
          }
        })
    }, 250)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [api, open, filters.search, filters.region, filters.gender, filters.purpose, filters.level, tAll])

  useEffect(() => {
    if (!open) {
      audio.current?.pause()
      setPlaying(null)
    }
  }, [open])

  const listen = (voice: Voice) => {
    const url = voice.sampleAudioUrl ?? voice.audioLink ?? voice.demo
    if (!url) return
    if (playing === voice.code) {
      audio.current?.pause()
      setPlaying(null)
      return
    }
    audio.current?.pause()
    const a = new Audio(url)
    audio.current = a
    a.onended = () => setPlaying(null)
    a.onerror = () => {
      setPlaying(null)
      toast.error(t('sampleFailed'))
    }
    setPlaying(voice.code)
    useAppStore.getState().updateSelectedVoice({ voiceCode: voice.code, audioLink: url, isPlaying: true })
    void a.play().catch(() => setPlaying(null))
  }

  const shown = (voices ?? []).filter((v) => !filters.favouritesOnly || favourites.includes(v.code))
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }))

  return (
    <StudioDialog
      open={open}
      titleId="voice-picker-title"
      title={t('title')}
      closeLabel={t('close')}
      onClose={onClose}
    >
      <div className="studio-filters">
        <label>
          {t('search')}
          <input type="search" value={filters.search} onChange={(e) => set({ search: e.target.value })} />
        </label>
        <label>
          {t('region')}
          <select value={filters.region} onChange={(e) => set({ region: e.target.value })}>
            <option value="">{t('all')}</option>
            {REGIONS.map((r) => (
              <option key={r} value={r}>
                {t(`regions.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('gender')}
          <select value={filters.gender} onChange={(e) => set({ gender: e.target.value })}>
            <option value="">{t('all')}</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {t(`genders.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('purpose')}
          <select value={filters.purpose} onChange={(e) => set({ purpose: e.target.value })}>
            <option value="">{t('all')}</option>
            {VOICE_PURPOSES.map((p) => (
              <option key={p} value={p}>
                {t(`purposes.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('level')}
          <select value={filters.level} onChange={(e) => set({ level: e.target.value })}>
            <option value="">{t('all')}</option>
            {VOICE_TIERS.map((l) => (
              <option key={l} value={l}>
                {t(`levels.${l}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="studio-check">
          <input
            type="checkbox"
            checked={filters.favouritesOnly}
            onChange={(e) => set({ favouritesOnly: e.target.checked })}
          />
          {t('favouritesOnly')}
        </label>
      </div>
      {voices === null ? (
        <p aria-busy="true">{t('loading')}</p>
      ) : shown.length === 0 ? (
        <p className="muted">{t('none')}</p>
      ) : (
        <ul className="studio-voice-list" aria-label={t('title')}>
          {shown.map((v) => {
            const favourite = favourites.includes(v.code)
            const engine = voiceEngineInfo(v)
            return (
              <li
                key={v.code}
                className="studio-voice"
                aria-current={v.code === current ? 'true' : undefined}
              >
                <div>
                  <strong>{v.name}</strong>
                  {engine.neural ? (
                    <span className="badge" title={tNeural('badgeHint')}>
                      {tNeural('badge')}
                    </span>
                  ) : null}
                  <span className="muted">
                    {[
                      v.region ? t(`regions.${v.region}`) : null,
                      t(`genders.${v.gender}`),
                      v.level ? t(`levels.${v.level}`) : null,
                      v.creditFactor && v.creditFactor !== 1
                        ? t('creditFactor', { f: v.creditFactor })
                        : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                  {engine.attribution ? (
                    <small className="muted studio-voice-credit">
                      {tNeural('credit', { attribution: engine.attribution })}
                    </small>
                  ) : null}
                </div>
                <div className="studio-voice-actions">
                  <button
                    type="button"
                    className="btn btn-ghost"
                    aria-pressed={favourite}
                    aria-label={t(favourite ? 'unfavourite' : 'favourite', { name: v.name })}
                    onClick={() => onToggleFavourite(v.code)}
                  >
                    {favourite ? '★' : '☆'}
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline"
                    disabled={!(v.sampleAudioUrl ?? v.audioLink ?? v.demo)}
                    aria-label={t(playing === v.code ? 'stopSample' : 'listen', { name: v.name })}
                    onClick={() => listen(v)}
                  >
                    {playing === v.code ? '■' : '▶'}
                  </button>
                  <button
                    type="button"
                    className="btn btn-primary"
                    aria-label={t('chooseVoice', { name: v.name })}
                    onClick={() => onChoose(v)}
                  >
                    {t('choose')}
                  </button>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </StudioDialog>
  )
}
