import mammoth from 'mammoth'
import { AudiobookError } from '../errors.ts'
import { htmlBlocks } from './html-blocks.ts'
import type { Block } from './types.ts'

/**
 * A Word document through mammoth (well kept, pure JavaScript): its style map turns "Heading 1…6"
 * into h1…h6 (and "Title" into the book title), so chapters follow the headings the author set; images, comments and footnote marks are not read.
 */
export const docxBlocks = async (bytes: Uint8Array): Promise<Block[]> => {
  let html: string
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        styleMap: ["p[style-name='Title'] => loa-title:fresh"],
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
      },
    )
    html = result.value
  } catch {
    throw new AudiobookError(
      'AUDIOBOOK_FILE_UNREADABLE',
      'the Word document cannot be read (not a .docx file)',
    )
  }
  return htmlBlocks(html)
}
