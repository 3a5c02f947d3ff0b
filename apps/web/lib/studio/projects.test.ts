import { describe, expect, it } from 'vitest'
import {
  blankDraft,
  bodyKey,
  conflictVerdict,
  fromProject,
  isBlank,
  parseStoredDraft,
  projectBody,
  rememberSave,
  serializeDraft,
  type DraftState,
  type StudioProject,
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
    expect(back).toEqual({ ...draft, dirty: true, savedAt: 42, unacked: null })
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

describe('studio projects: a revision conflict that is our own save (issue 31)', () => {
  const server = (over: Partial<StudioProject>): StudioProject => ({
    id: draft.projectId!,
    title: 'Bản tin',
    revision: 5,
    createdAt: '2026-11-26T00:00:00Z',
    updatedAt: '2026-11-26T00:00:00Z',
    paragraphs: draft.paragraphs.map(({ text, voiceCode, speed }) => ({ text, voiceCode, speed })),
    settings: { pauseMs: 1000 },
    ...over,
  })
  const typedMore: DraftState = {
    ...draft,
    paragraphs: [{ ...draft.paragraphs[0]!, text: 'Xin chào. Thêm một câu.' }, draft.paragraphs[1]!],
  }

  it('is no conflict when the server already has this text (the answer to our save was lost)', () => {
    expect(conflictVerdict(server({}), draft, null)).toBe('same')
  })

  it('saves again on top of our unanswered save when the user only typed more since', () => {
    // Two saves went out on revision 4 without answers; the first landed (5), the second would answer 409.
    const unacked = rememberSave(
      rememberSave(null, 4, bodyKey(projectBody(draft))),
      4,
      bodyKey(projectBody(typedMore)),
    )
    expect(unacked.bodies).toHaveLength(2)
    expect(conflictVerdict(server({ revision: 5 }), typedMore, unacked)).toBe('rebase')
    // Not when another save came in between, nor when the server's text is someone else's.
    expect(conflictVerdict(server({ revision: 6 }), typedMore, unacked)).toBe('conflict')
    const theirs = server({
      paragraphs: [{ text: 'Thẻ khác.', voiceCode: 'hn_female_thuha_news', speed: 1 }],
    })
    expect(conflictVerdict(theirs, typedMore, unacked)).toBe('conflict')
    expect(conflictVerdict(server({ revision: 5 }), typedMore, null)).toBe('conflict')
  })

  it('keeps unanswered saves in this browser copy across a reload; a new base forgets the older ones', () => {
    const unacked = rememberSave(null, 4, bodyKey(projectBody(draft)))
    expect(rememberSave(unacked, 5, 'x')).toEqual({ base: 5, bodies: ['x'] })
    expect(parseStoredDraft(serializeDraft(draft, true, 7, unacked))?.unacked).toEqual(unacked)
    expect(parseStoredDraft(serializeDraft(draft, true, 7))?.unacked).toBeNull()
  })
})
