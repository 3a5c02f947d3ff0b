'use client'
import { useTranslations } from '@/components/i18n/client-i18n'
import { Input } from '@/components/ui/Input'
import { Switch } from '@/components/ui/Checkbox'
import { clock, type DubbingProjectDetail } from '@/lib/dubbing/api'
import { UploadField } from './UploadField'

const MEDIA_ACCEPT = '.mp4,.mov,.mkv,.webm,.mp3,.wav,.m4a'

/** The source video or audio: upload it with progress; how loud the original stays under the dub, or muted. */
export function MediaPanel({
  project,
  upload,
  onFile,
  onMix,
}: {
  project: DubbingProjectDetail
  upload: number | null
  onFile: (file: File) => void
  onMix: (mix: { duckDb?: number; muteOriginal?: boolean }) => void
}) {
  const t = useTranslations('dubbing')
  return (
    <section className="dub-panel" aria-labelledby="dub-media">
      <h2 id="dub-media">{t('media')}</h2>
      <p className="muted">
        {project.media
          ? t('mediaAttached', {
              kind: t(project.media.kind === 'video' ? 'video' : 'audio'),
              duration: project.media.durationMs ? clock(project.media.durationMs) : '?',
            })
          : t('noMedia')}
      </p>
      <UploadField
        label={t('chooseMedia')}
        inputLabel={t('chooseMedia')}
        accept={MEDIA_ACCEPT}
        progress={upload}
        onFile={onFile}
      />
      {project.media && (
        <div className="dub-mix">
          <Input
            label={t('duck')}
            type="number"
            min={-60}
            max={0}
            value={project.duckDb}
            disabled={project.muteOriginal}
            onChange={(e) => onMix({ duckDb: Number(e.target.value) })}
          />
          <Switch
            label={t('mute')}
            checked={project.muteOriginal}
            onChange={(e) => onMix({ muteOriginal: e.target.checked })}
          />
        </div>
      )}
    </section>
  )
}
