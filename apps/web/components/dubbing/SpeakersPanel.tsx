'use client'
import { useTranslations } from '@/components/i18n/client-i18n'
import type { Voice } from '@/lib/api/types'
import type { DubbingProjectDetail } from '@/lib/dubbing/api'
import { languagesOf, suggestVoices } from '@/lib/dubbing/voice-suggest'

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
  const withVoice = project.speakers.map((s) => s.name)
  const option = (v: Voice) => (
    <option key={v.code} value={v.code}>
      {v.name}
    </option>
  )
  /** The voices for the lines of `speaker` (null: the default voice's): those that read their languages first. */
  const picker = (speaker: string | null, current: string) => {
    const known = voices.some((v) => v.code === current)
    const { languages, reading, others, unread } = suggestVoices(
      voices,
      languagesOf(project.lines, speaker, withVoice),
    )
    const named = languages.map((l) => t(`languages.${l}`)).join(', ')
    const grouped = reading.length > 0 && others.length > 0
    const options = (
      <>
        {!known && option({ code: current, name: current } as Voice)}
        {grouped ? (
          <>
            <optgroup label={t('voicesReading', { languages: named })}>{reading.map(option)}</optgroup>
            <optgroup label={t('voicesOther')}>{others.map(option)}</optgroup>
          </>
        ) : (
          voices.map(option)
        )}
      </>
    )
    const hint =
      languages.length === 0 || voices.length === 0 || reading.some((v) => v.code === current)
        ? null
        : reading.length > 0
          ? t('voicesPick', { languages: named })
          : unread.length > 0
            ? t('voicesNone', { languages: unread.map((l) => t(`languages.${l}`)).join(', ') })
            : t('voicesSplit', { languages: named })
    return { options, hint }
  }
  const hint = (text: string | null) =>
    text && (
      <small className="dub-voice-hint" data-testid="dub-voice-hint">
        {text}
      </small>
    )
  const main = picker(null, project.voiceCode)
  return (
    <section className="dub-panel" aria-labelledby="dub-speakers">
      <h2 id="dub-speakers">{t('speakers')}</h2>
      <label className="dub-field">
        <span>{t('defaultVoice')}</span>
        <select value={project.voiceCode} onChange={(e) => onDefaultVoice(e.target.value)}>
          {main.options}
        </select>
        {hint(main.hint)}
      </label>
      {project.speakers.length === 0 && <p className="muted">{t('noSpeakers')}</p>}
      <ul className="dub-speakers">
        {project.speakers.map((s) => {
          const choice = picker(s.name, s.voiceCode)
          return (
            <li key={s.id} data-testid="dub-speaker">
              <strong>{s.name}</strong>
              <label className="dub-field">
                <span>{t('voice')}</span>
                <select
                  aria-label={`${t('voice')} ${s.name}`}
                  value={s.voiceCode}
                  onChange={(e) => onSpeaker(s.name, e.target.value, s.speed)}
                >
                  {choice.options}
                </select>
                {hint(choice.hint)}
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
          )
        })}
      </ul>
    </section>
  )
}
