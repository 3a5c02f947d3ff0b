import { describe, expect, it } from 'vitest'
import { htmlToText, pastedParagraphs } from './paste'

describe('pasting into the studio editor', () => {
  it('splits plain text on blank lines (CRLF, spaces or no-break spaces on the blank line too)', () => {
    expect(pastedParagraphs('Đoạn một.\r\n\r\nĐoạn hai.\n \u00a0\nĐoạn ba.')).toEqual([
      'Đoạn một.',
      'Đoạn hai.',
      'Đoạn ba.',
    ])
  })

  it('leaves one block to the browser', () => {
    expect(pastedParagraphs('Một câu.\nDòng tiếp theo cùng đoạn.')).toBeNull()
    expect(pastedParagraphs('Một câu.', '<span>Một câu.</span>')).toBeNull()
  })

  it('starts a paragraph at each Markdown heading, without its marks', () => {
    expect(pastedParagraphs('# Chương 1\nNgày xưa có một cậu bé.\n## Phần hai ##\nCậu lớn lên.')).toEqual([
      'Chương 1',
      'Ngày xưa có một cậu bé.',
      'Phần hai',
      'Cậu lớn lên.',
    ])
  })

  it('takes the blocks of a copied web page: headings, paragraphs, list items; entities decoded', () => {
    const html = `<meta charset="utf-8"><h1 class="title">Giá vàng&nbsp;hôm nay</h1>
      <p>Sáng nay, giá vàng <b>tăng</b> nhẹ.<br>Thị trường sôi động.</p><script>track()</script>
      <ul><li>SJC: 85,5 triệu đồng</li><li>Nhẫn 9999 &amp; trang sức</li></ul><!-- quảng cáo -->`
    expect(pastedParagraphs('ignored when HTML has blocks', html)).toEqual([
      'Giá vàng hôm nay',
      'Sáng nay, giá vàng tăng nhẹ.\nThị trường sôi động.',
      'SJC: 85,5 triệu đồng',
      'Nhẫn 9999 & trang sức',
    ])
  })

  it('decodes numeric entities and keeps unknown ones as written', () => {
    expect(htmlToText('<p>Ph&#432;&#x1edf;ng &copy2 &unknown;</p>').trim()).toBe('Phưởng &copy2 &unknown;')
  })
})
