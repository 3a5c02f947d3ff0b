import { describe, expect, it } from 'vitest'
import {
  blankDraft,
  fromProject,
  isBlank,
  parseStoredDraft,
  projectBody,
  serializeDraft,
  type DraftState,
} from './projects'

const draft: DraftState = {
  title: '  Bản tin ',
  paragraphs: [
    { id: 'a', text: 'Xin chào.', voiceCode: 'hn_female_thuha_news', speed: 1 },
    { id: 'b', text: 'Tạm biệt.', voiceCode: 'sg_male_minhhoang_full', speed: 1.25 },
  ],
  settings: { pauseMs: 1000 },
  projectId: '5b0e6c1e-2f4a-4c39-9a57-0d8f3f7c9b21',
  revision: 4,
}

describe('studio projects: the draft in this browser and on the server', () => {
  it('round-trips this browser copy with its project, revision and whether the server is behind', () => {
    const back = parseStoredDraft(serializeDraft(draft, true, 42))
    expect(back).toEqual({ ...draft, dirty: true, savedAt: 42 })
    expect(parseStoredDraft(serializeDraft(draft, false, 1))?.dirty).toBe(false)
  })

  it('reads a draft written before projects as not yet on the server', () => {
    const old = JSON.stringify({
      title: 'T',
      savedAt: 5,
      paragraphs: [{ text: 'x', voiceCode: 'v', speed: 1 }],
    })
    expect(parseStoredDraft(old)).toMatchObject({ title: 'T', projectId: null, revision: null, dirty: true })
    expect(parseStoredDraft(null)).toBeNull()
    expect(parseStoredDraft('{broken')).toBeNull()
  })

  it('drops settings it does not know and a revision without a project', () => {
    const odd = JSON.stringify({
      title: '',
      paragraphs: [{ text: '', voiceCode: 'v', speed: 1 }],
      settings: { pauseMs: -5, colour: 'red' },
      revision: 3,
    })
    expect(parseStoredDraft(odd)).toMatchObject({ settings: {}, projectId: null, revision: null })
  })

  it('sends the API the text without the editor ids, and opens a project with fresh ids', () => {
    expect(projectBody(draft)).toEqual({
      title: 'Bản tin',
      paragraphs: [
        { text: 'Xin chào.', voiceCode: 'hn_female_thuha_news', speed: 1 },
        { text: 'Tạm biệt.', voiceCode: 'sg_male_minhhoang_full', speed: 1.25 },
      ],
      settings: { pauseMs: 1000 },
    })
    const opened = fromProject({
      id: 'p1',
      title: 'T',
      revision: 7,
      createdAt: '',
      updatedAt: '',
      paragraphs: projectBody(draft).paragraphs,
      settings: { pauseMs: 300 },
    })
    expect(opened).toMatchObject({ projectId: 'p1', revision: 7, title: 'T', settings: { pauseMs: 300 } })
    expect(opened.paragraphs.map((p) => p.text)).toEqual(['Xin chào.', 'Tạm biệt.'])
    expect(new Set(opened.paragraphs.map((p) => p.id)).size).toBe(2)
  })

  it('calls a draft blank when it has no title and nothing to read', () => {
    expect(isBlank(blankDraft())).toBe(true)
    expect(
      isBlank({ title: '', paragraphs: [{ ...draft.paragraphs[0]!, text: ' <break time="1s"/> ' }] }),
    ).toBe(true)
    expect(isBlank({ title: 'x', paragraphs: blankDraft().paragraphs })).toBe(false)
    expect(isBlank(draft)).toBe(false)
  })
})
