import { strToU8, zipSync } from 'fflate'

/**
 * Small real documents built in code for the tests (and the Playwright spec): an EPUB 3 with a nav document, and
 * a DOCX with Word heading styles. Both are valid archives other readers open (mimetype stored first, as OCF asks).
 */
export interface FixtureChapter {
  title: string
  paragraphs: string[]
}

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export const buildEpub = (book: {
  title: string
  chapters: FixtureChapter[]
  withCover?: boolean
}): Uint8Array => {
  const xhtml = (title: string, body: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>${escapeXml(title)}</title><style>p{margin:0}</style></head><body>${body}</body></html>`
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
  }
  const items: string[] = []
  const spine: string[] = []
  if (book.withCover) {
    files['OEBPS/text/cover.xhtml'] = strToU8(xhtml('Cover', '<div><img src="../cover.png" alt=""/></div>'))
    items.push('<item id="cover" href="text/cover.xhtml" media-type="application/xhtml+xml"/>')
    spine.push('<itemref idref="cover"/>')
  }
  book.chapters.forEach((chapter, i) => {
    const body = `<h1>${escapeXml(chapter.title)}</h1>${chapter.paragraphs.map((p) => `<p>${escapeXml(p)}</p>`).join('')}`
    files[`OEBPS/text/chapter-${i + 1}.xhtml`] = strToU8(xhtml(chapter.title, body))
    items.push(`<item id="c${i + 1}" href="text/chapter-${i + 1}.xhtml" media-type="application/xhtml+xml"/>`)
    spine.push(`<itemref idref="c${i + 1}"/>`)
  })
  const navList = book.chapters
    .map((c, i) => `<li><a href="text/chapter-${i + 1}.xhtml">${escapeXml(c.title)}</a></li>`)
    .join('')
  files['OEBPS/nav.xhtml'] = strToU8(
    xhtml('Contents', `<nav epub:type="toc"><h1>Mục lục</h1><ol>${navList}</ol></nav>`),
  )
  items.push('<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>')
  spine.push('<itemref idref="nav" linear="no"/>')
  files['OEBPS/content.opf'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:loa-fixture</dc:identifier><dc:title>${escapeXml(book.title)}</dc:title><dc:language>vi</dc:language></metadata><manifest>${items.join('')}</manifest><spine>${spine.join('')}</spine></package>`,
  )
  return zipSync(files, { level: 6 })
}

export const buildDocx = (
  paragraphs: { style?: 'Title' | 'Heading1' | 'Heading2'; text: string }[],
): Uint8Array => {
  const body = paragraphs
    .map(
      (p) =>
        `<w:p>${p.style ? `<w:pPr><w:pStyle w:val="${p.style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${escapeXml(p.text)}</w:t></w:r></w:p>`,
    )
    .join('')
  const style = (id: string, name: string) =>
    `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/></w:style>`
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/_rels/document.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    ),
    'word/styles.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${style('Title', 'Title')}${style('Heading1', 'heading 1')}${style('Heading2', 'heading 2')}</w:styles>`,
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ),
  })
}
