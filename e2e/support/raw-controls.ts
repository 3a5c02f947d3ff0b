/** Finds browser controls left in their default, unstyled look (issue 35: "no raw browser control is visible"). */
import type { Page } from '@playwright/test'

/**
 * Describes each visible raw control of the page: a button painted as Chromium paints an unstyled one (its
 * "buttonface" grey or an outset border), or a file input that shows itself ("Choose File · No file chosen")
 * instead of hiding behind FileDrop's zone.
 */
export const rawControls = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect()
      const style = getComputedStyle(element)
      return (
        box.width > 2 &&
        box.height > 2 &&
        style.visibility !== 'hidden' &&
        Number(style.opacity) > 0 &&
        (element as HTMLElement).checkVisibility?.() !== false
      )
    }
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40)}"`
    const found: string[] = []
    for (const button of Array.from(
      document.querySelectorAll('button, input[type="button"], input[type="submit"]'),
    )) {
      if (!shown(button)) continue
      const style = getComputedStyle(button)
      const defaultFace =
        style.backgroundColor === 'rgb(239, 239, 239)' || style.backgroundColor === 'buttonface'
      if (defaultFace || style.borderTopStyle === 'outset') found.push(describe(button))
    }
    for (const input of Array.from(document.querySelectorAll('input[type="file"]'))) {
      if (shown(input)) found.push(describe(input))
    }
    return found
  })
