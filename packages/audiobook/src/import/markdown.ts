import { Marked } from 'marked'
import { htmlBlocks } from './html-blocks.ts'
import type { Block } from './types.ts'

/**
 * Markdown through `marked` (CommonMark + GFM, well kept, no dependencies) to HTML, then the HTML reader: ATX and
 * setext headings, lists, quotes and tables become blocks; emphasis and links keep only their words.
 */
export const markdownBlocks = (text: string): Block[] => {
  const html = new Marked({ gfm: true, async: false }).parse(text.replace(/\r\n?/g, '\n')) as string
  return htmlBlocks(html)
}
