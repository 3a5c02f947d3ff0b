'use client'
import { useTranslations } from '@/components/i18n/client-i18n'
import type { Voice } from '@/lib/api/types'
import type { DubbingProjectDetail } from '@/lib/dubbing/api'

const SPEEDS = [0.8, 0.9, 1, 1.1, 1.2, 1.3] as const

/** The default voice and, per speaker of the file, a voice (voices with dubbing only) and a speed. */
export function SpeakersPanel({
  project,
  voices,
  onDefaultVoice,
  onSpeaker,
}: {
  project: DubbingProjectDetail
  voices: Voice[]
  onDefaultVoice: (code: string) => void
  onSpeaker: (name: string, voiceCode: string, speed: number) => void
}) {
  const t = useTranslations('dubbing')
  const options = (current: string) => {
    const list = voices.some((v) => v.code === current)
      ? voices
      : [{ code: current, name: current } as Voice, ...voices]
    return list.map((v) => (
      <option key={v.code} value={v.code}>
        {v.name}
      </option>
    ))
  }
  return (
    <section className="dub-panel" aria-labelledby="dub-speakers">
      <h2 id="dub-speakers">{t('speakers')}</h2>
      <label className="dub-field">
        <span>{t('defaultVoice')}</span>
        <select value={project.voiceCode} onChange={(e) => onDefaultVoice(e.target.value)}>
          {options(project.voiceCode)}
        </select>
      </label>
      {project.speakers.length === 0 && <p className="muted">{t('noSpeakers')}</p>}
      <ul className="dub-speakers">
        {project.speakers.map((s) => (
          <li key={s.id} data-testid="dub-speaker">
            <strong>{s.name}</strong>
            <label className="dub-field">
              <span>{t('voice')}</span>
              <select
                aria-label={`${t('voice')} ${s.name}`}
                value={s.voiceCode}
                onChange={(e) => onSpeaker(s.name, e.target.value, s.speed)}
              >
                {options(s.voiceCode)}
              </select>
            </label>
            <label className="dub-field">
              <span>{t('speed')}</span>
              <select
                aria-label={`${t('speed')} ${s.name}`}
                value={String(s.speed)}
                onChange={(e) => onSpeaker(s.name, s.voiceCode, Number(e.target.value))}
              >
                {SPEEDS.map((v) => (
                  <option key={v} value={String(v)}>
                    {v}×
                  </option>
                ))}
              </select>
            </label>
          </li>
        ))}
      </ul>
    </section>
  )
}
