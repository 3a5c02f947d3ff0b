/**
 * Listening while it renders (issue 31), shared by its spec and `bench:studio`: a long two-voice article typed into
 * the studio, and what the page says about the audio element that plays the parts.
 */
import { expect, type Page } from '@playwright/test'
import { sm } from './messages.ts'

const OPENINGS = [
  'Sáng nay, thành phố đón khoảng',
  'Theo số liệu mới nhất, đã có',
  'Trong buổi họp chiều qua, ban tổ chức cho biết có',
  'Ở vùng ven biển miền Trung, người dân thống kê được',
  'Các nhà nghiên cứu trẻ ở Đà Nẵng đã thu thập',
]
const ENDINGS = [
  'lượt khách đến tham quan các bảo tàng và phố cổ.',
  'hộ gia đình đăng ký tham gia chương trình tiết kiệm điện.',
  'tình nguyện viên hỗ trợ học sinh ôn thi cuối năm.',
  'cây xanh được trồng mới dọc hai bên bờ sông.',
  'mẫu nước để đánh giá chất lượng nguồn nước sinh hoạt.',
]

/**
 * An article of `characters` characters (about) in two paragraphs. `seed` changes every number in it, so a run
 * with another seed shares no sentence with the last one (nothing comes from the sentence cache).
 */
export const article = (seed: number, characters = 3_000): [string, string] => {
  const sentences: string[] = []
  let length = 0
  for (let i = 0; length < characters; i++) {
    const sentence = `${OPENINGS[i % OPENINGS.length]} ${seed * 1_000 + i * 7 + 11} ${ENDINGS[(i * 3) % ENDINGS.length]}`
    sentences.push(sentence)
    length += sentence.length + 1
  }
  const half = Math.ceil(sentences.length / 2)
  return [sentences.slice(0, half).join(' '), sentences.slice(half).join(' ')]
}

/** Types the two paragraphs; the second is read by the first southern voice (two voices in one request). */
export const typeTwoVoices = async (page: Page, [first, second]: [string, string]) => {
  await page.getByRole('textbox', { name: sm('studio.editor.paragraph', { n: 1 }) }).fill(first)
  const secondBox = page.getByRole('textbox', { name: sm('studio.editor.paragraph', { n: 2 }) })
  if (!(await secondBox.count()))
    await page.getByRole('button', { name: sm('studio.editor.addParagraph') }).click()
  await secondBox.fill(second)
  const tools = page.getByRole('group', { name: sm('studio.editor.paragraph', { n: 2 }) })
  const voiceButton = tools.getByRole('button', {
    name: new RegExp(`^${sm('studio.editor.voice', { name: '' })}`),
  })
  const before = await voiceButton.textContent()
  await voiceButton.click()
  const dialog = page.getByRole('dialog', { name: sm('studio.voices.title') })
  await dialog.getByRole('combobox', { name: sm('studio.voices.region') }).selectOption('SOUTH')
  const choose = new RegExp(`^${sm('studio.voices.chooseVoice', { name: '' })}`)
  await dialog.locator('li.studio-voice').first().getByRole('button', { name: choose }).click()
  await expect(dialog).toBeHidden()
  await expect(voiceButton).not.toHaveText(before!)
}

/** The audio element that plays the parts (inside the player while it exists), as the page sees it. */
export const liveAudioState = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-testid="live-audio"] audio')
    return {
      present: Boolean(audio),
      currentTime: audio?.currentTime ?? 0,
      paused: audio?.paused ?? true,
      src: audio?.src ?? '',
      running: document.querySelector('[data-testid="synth-progress"]') !== null,
    }
  })
