'use client'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { billedRequestCharacters } from '@loa/contracts/browser'
import { useTranslations } from '@/components/i18n/client-i18n'
import { useAuth } from '@/components/auth/AuthProvider'
import { toast } from '@/lib/store/toast-store'
import { showShortfall } from '@/lib/store/shortfall-store'
import { useStudioApi, type Preview, type SynthesisDetail } from '@/lib/studio/api'
import { studioErrorKey } from '@/lib/studio/errors'
import {
  DEFAULT_VOICE,
  MAX_CHARACTERS,
  billableCharacters,
  joinParagraphs,
  newParagraphId,
  requestParagraphs,
  splitIntoParagraphs,
  titleFrom,
} from '@/lib/studio/text'
import { bestVoice, startsOnDefaultVoice } from '@/lib/studio/best-voice'
import { downloadSynthesis, useStudioCatalogue } from '@/lib/studio/use-catalogue'
import { useFavourites } from '@/lib/studio/use-favourites'
import { useStudioDraft } from '@/lib/studio/use-studio-draft'
import { useSynthesisJob } from '@/lib/studio/use-synthesis-job'
import { VoicePicker } from './VoicePicker'
import { ReadingPreview } from './ReadingPreview'
import { History } from './History'
import { PronunciationDictionary, type DictionaryRequest } from './PronunciationDictionary'
import { CostLine, SynthesisControls } from './EditorFooter'
import { ParagraphEditor } from './ParagraphEditor'
import { ProjectsDialog } from './ProjectsDialog'
import { ResultPanel, type DownloadFormat } from './ResultPanel'
import { SaveStatus } from './SaveStatus'
import { SampleScripts } from '@/components/studio-samples/SampleScripts'
import './studio.css'
import './dictionary.css'

const DEFAULT_PAUSE_MS = 500

/**
 * The Text-to-Speech studio: the draft (useStudioDraft: this browser and the server project), the paragraph
 * editor, voices, reading preview and dictionary, the synthesis (useSynthesisJob), the result and the history.
 */
export function TtsStudio() {
  const t = useTranslations('studio')
  const tAll = useTranslations()
  const api = useStudioApi()
  const subject = useAuth().subject
  const draft = useStudioDraft(api, subject)
  const { paragraphs, title } = draft
  const [favourites, toggleFavourite] = useFavourites(subject)

  const { voices, balance, refreshBalance, addVoice, voiceName } = useStudioCatalogue(api)
  const [pickerFor, setPickerFor] = useState<string | null>(null)
  // A new user starts on the best installed voice (neural before eSpeak) once the catalogue says which it is.
  const best = useMemo(() => bestVoice(Object.values(voices)), [voices])
  const { setParagraphs } = draft
  const untouched = startsOnDefaultVoice({ title, paragraphs })
  useEffect(() => {
    if (best !== DEFAULT_VOICE && untouched)
      setParagraphs((ps) => ps.map((p) => (p.voiceCode === DEFAULT_VOICE ? { ...p, voiceCode: best } : p)))
  }, [best, untouched, setParagraphs])
  const [preview, setPreview] = useState<{ preview: Preview; source: string } | null>(null)
  const [previewing, setPreviewing] = useState(false)
  const [historyVersion, setHistoryVersion] = useState(0)
  const [projectsOpen, setProjectsOpen] = useState(false)
  /** The paragraph last edited: its voice reads the dictionary's "listen". */
  const [activeParagraph, setActiveParagraph] = useState<string | null>(null)
  const [dictionary, setDictionary] = useState<{
    request: DictionaryRequest | null
    paragraph: string
  } | null>(null)

  // Not enough characters opens the out-of-credits panel (balance, need, "Mua thêm"); the rest is a notice.
  const showError = useCallback(
    (error: unknown) => void (showShortfall(error, 'aivoice') || toast.error(tAll(studioErrorKey(error)))),
    [tAll],
  )
  const synthesis = useSynthesisJob(
    api,
    useMemo(
      () => ({
        onSettled: () => {
          setHistoryVersion((v) => v + 1)
          refreshBalance()
        },
        onSuccess: () => toast.success(t('synth.done')),
        onFailure: (code: string) => toast.error(tAll(studioErrorKey(code))),
        onError: showError,
      }),
      [t, tAll, refreshBalance, showError],
    ),
  )
  const { job } = synthesis

  const text = joinParagraphs(paragraphs)
  const characters = [...text].length
  // The server's sum (@loa/contracts): characters times each voice's credit factor, shown before sending.
  const counted = useMemo(
    () => billableCharacters(joinParagraphs(requestParagraphs(paragraphs))),
    [paragraphs],
  )
  const cost = useMemo(
    () =>
      billedRequestCharacters(
        counted,
        requestParagraphs(paragraphs).map((p) => ({ text: p.text, voice: p.voiceCode })),
        new Map(Object.values(voices).map((v) => [v.code, v.creditFactor])),
      ),
    [counted, paragraphs, voices],
  )
  const tooLong = characters > MAX_CHARACTERS

  const runPreview = async (quiet = false) => {
    if (billableCharacters(text) === 0) return quiet ? undefined : toast.warning(t('errors.TEXT_EMPTY'))
    setPreviewing(true)
    try {
      setPreview({ preview: await api.preview(text, paragraphs[0]?.voiceCode), source: text })
    } catch (error) {
      showError(error)
    } finally {
      setPreviewing(false)
    }
  }

  const synthesize = async () => {
    const body = requestParagraphs(paragraphs)
    if (body.length === 0) return toast.warning(t('errors.TEXT_EMPTY'))
    if (tooLong) return toast.error(t('errors.TEXT_TOO_LONG'))
    // The draft is in this browser before anything is sent.
    draft.flush()
    await synthesis.start({ title: title.trim() || titleFrom(text), paragraphs: body })
  }

  const cancel = async () => {
    if (await synthesis.cancel()) toast.info(t('synth.cancelled'))
  }

  const download = (id: string, format: DownloadFormat) => downloadSynthesis(api, id, format).catch(showError)

  /** A request from history comes back into the editor as a new project (the open one stays saved). */
  const reopen = async (detail: SynthesisDetail) => {
    await draft.startWith({
      title: detail.title,
      paragraphs: detail.paragraphs.map((p) => ({ id: newParagraphId(), ...p })),
    })
    setPreview(null)
    toast.info(t('history.reopened'))
  }

  const openProject = async (id: string | null) => {
    setProjectsOpen(false)
    try {
      await (id ? draft.open(id) : draft.newProject())
      setPreview(null)
      toast.info(t(id ? 'projects.opened' : 'projects.started'))
    } catch (error) {
      showError(error)
    }
  }

  const pickerParagraph = paragraphs.find((p) => p.id === pickerFor)
  /**
   * Opens the dictionary, with a word from the reading preview and its current reading as the suggestion (read with
   * the first paragraph's voice, like the preview).
   */
  const openDictionary = (word?: string, reading?: string) =>
    setDictionary({
      request: word ? { word, reading, nonce: Date.now() } : null,
      paragraph: (word ? paragraphs[0]?.id : activeParagraph) ?? paragraphs[0]!.id,
    })
  const dictionaryParagraph =
    paragraphs.find((p) => p.id === dictionary?.paragraph) ??
    paragraphs.find((p) => p.id === activeParagraph) ??
    paragraphs[0]!

  return (
    <div className="studio">
      <div className="studio-main">
        <section className="studio-editor" aria-labelledby="editor-title">
          <div className="studio-row">
            <h2 id="editor-title">{t('editor.title')}</h2>
            <button type="button" className="btn btn-outline" onClick={() => setProjectsOpen(true)}>
              {t('projects.button')}
            </button>
            <SampleScripts
              onPick={(script) => {
                const current = paragraphs[0]
                void draft.startWith({
                  title: script.title,
                  paragraphs: splitIntoParagraphs(
                    script.text,
                    current?.voiceCode ?? DEFAULT_VOICE,
                    current?.speed ?? 1,
                  ),
                })
                setPreview(null)
              }}
            />
            <SaveStatus
              state={draft.saveState}
              savedAt={draft.savedAt}
              serverError={draft.serverError}
              onResolve={(choice) => void draft.resolve(choice).catch(showError)}
            />
          </div>
          <label className="studio-title-field">
            {t('editor.name')}
            <input
              value={title}
              maxLength={200}
              placeholder={t('editor.namePlaceholder')}
              onChange={(e) => draft.setTitle(e.target.value)}
            />
          </label>
          <ParagraphEditor
            apiUrl={api.apiUrl}
            paragraphs={paragraphs}
            pauseMs={draft.settings.pauseMs ?? DEFAULT_PAUSE_MS}
            voiceName={voiceName}
            onPauseMs={(pauseMs) => draft.setSettings({ pauseMs })}
            onUpdate={draft.updateParagraph}
            onParagraphs={draft.setParagraphs}
            onPickVoice={setPickerFor}
            onFocus={setActiveParagraph}
          >
            <CostLine characters={characters} cost={cost} factored={cost !== counted} balance={balance} />
          </ParagraphEditor>
          <SynthesisControls
            job={job}
            previewing={previewing}
            canSynthesize={!tooLong && cost > 0}
            onPreview={() => void runPreview()}
            onDictionary={() => openDictionary()}
            onSynthesize={() => void synthesize()}
            onCancel={() => void cancel()}
          />
        </section>

        {preview && (
          <ReadingPreview
            preview={preview.preview}
            source={preview.source}
            stale={preview.source !== text}
            onWord={(word, reading) => openDictionary(word, reading)}
            onClose={() => setPreview(null)}
          />
        )}

        <ResultPanel
          result={synthesis.result}
          live={synthesis.live}
          timeline={synthesis.timeline}
          onDownload={(id, format) => void download(id, format)}
        />
      </div>

      <History
        api={api}
        version={historyVersion}
        voiceName={voiceName}
        onPlay={synthesis.show}
        onDownload={(id) => void download(id, 'mp3')}
        onReopen={reopen}
        onError={showError}
      />

      <ProjectsDialog
        api={api}
        open={projectsOpen}
        currentId={draft.projectId}
        onOpen={(id) => void openProject(id)}
        onNew={() => void openProject(null)}
        onRenamed={draft.renamed}
        onDeleted={draft.deleted}
        onError={showError}
        onClose={() => setProjectsOpen(false)}
      />

      <PronunciationDictionary
        api={api}
        open={dictionary !== null}
        request={dictionary?.request ?? null}
        voice={{
          code: dictionaryParagraph.voiceCode,
          name: voiceName(dictionaryParagraph.voiceCode),
          speed: dictionaryParagraph.speed,
          region: voices[dictionaryParagraph.voiceCode]?.region ?? null,
        }}
        onChanged={() => {
          // The preview follows the dictionary: read again with the changed entries.
          if (preview) void runPreview(true)
        }}
        onClose={() => setDictionary(null)}
      />

      <VoicePicker
        api={api}
        open={pickerFor !== null}
        current={pickerParagraph?.voiceCode ?? DEFAULT_VOICE}
        favourites={favourites}
        onToggleFavourite={toggleFavourite}
        onChoose={(v) => {
          if (pickerFor) draft.updateParagraph(pickerFor, { voiceCode: v.code })
          addVoice(v)
          setPickerFor(null)
        }}
        onClose={() => setPickerFor(null)}
      />
    </div>
  )
}
