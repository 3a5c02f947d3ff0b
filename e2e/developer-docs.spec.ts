import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { E2E } from './support/env.ts'
import { catalogue } from './support/messages.ts'
import { shellReady } from './support/page.ts'
import { signUp, sm } from './support/studio.ts'

/**
 * The developer docs (issue 33): /docs and /en/docs render the public API reference — grouped by product, no
 * back-office operation — at a phone's 360 px and a desktop's 1366 px, and every guide reads at 360 px.
 */
const docs = catalogue('docs', 'docs')
/** The guides, as the site lists them: one Markdown file per guide and language. */
const GUIDES = readdirSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/content/docs/en'),
)
  .filter((file) => file.endsWith('.md'))
  .map((file) => file.replace(/\.md$/, ''))

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** What the API's public document lists (operation → its English summary): the reference shows exactly these. */
const publicOperations = async (): Promise<Record<string, string>> => {
  const doc = (await (await fetch(`${E2E.apiUrl}/api/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { summary?: string }>>
  }
  return Object.fromEntries(
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op.summary ?? '']),
    ),
  )
}

for (const [locale, prefix] of [
  ['vi', ''],
  ['en', '/en'],
] as const)
  for (const width of [360, 1366])
    test(`${prefix}/docs at ${width} px: the public reference by product, no admin operation`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`${prefix}/docs`)
      await shellReady(page)
      const reference = page.getByTestId('api-reference')
      await expect(reference.getByRole('heading', { level: 1 })).toHaveText(
        docs('reference.title', {}, locale),
      )
      // Grouped by product, in the product's own words.
      const products = reference.getByTestId('docs-product').locator('h2')
      await expect(products.first()).toHaveText(docs('products.Text to speech.name', {}, locale))
      for (const tag of ['OpenAI-compatible', 'Streaming', 'Dubbing'])
        await expect(products.filter({ hasText: docs(`products.${tag}.name`, {}, locale) })).toHaveCount(1)
      // Exactly the public document's operations, none of the back office's.
      const shown = await reference
        .getByTestId('docs-operation')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-operation') ?? ''))
      const operations = await publicOperations()
      expect(shown.sort()).toEqual(Object.keys(operations).sort())
      expect(shown.filter((key) => /admin/i.test(key))).toEqual([])
      expect(await reference.innerText()).not.toMatch(/\/api\/v1\/admin\//)
      // Each summary in the page's language (the Vietnamese page has its own words for every operation).
      const summaries = await reference
        .locator('.docs-op')
        .evaluateAll((nodes) =>
          nodes.map((n) => [
            n.getAttribute('data-operation') ?? '',
            n.querySelector('.docs-op-summary')?.textContent ?? '',
          ]),
        )
      const english = summaries.filter(([key, text]) => text === operations[key!]).map(([key]) => key)
      expect(
        english.sort(),
        'a public operation without a summary in apps/web/lib/docs/summaries-vi.ts',
      ).toEqual(
        locale === 'en'
          ? Object.keys(operations)
              .filter((key) => operations[key])
              .sort()
          : [],
      )
      const tts = reference.locator('[data-operation="POST /v1/tts"]')
      await expect(tts).toContainText(docs('reference.exampleRequest', {}, locale))
      await expect(tts.locator('figure pre').first()).toContainText('"voiceCode"')
      // The menu: folded on a phone (opened by "Contents"), beside the page on a desktop.
      const menu = page.getByRole('navigation', { name: docs('nav.label', {}, locale) })
      if (width === 360) {
        expect(await sidewaysOverflow(page)).toBe(0)
        await expect(menu).toBeHidden()
        await page.getByText(docs('nav.contents', {}, locale), { exact: true }).click()
      }
      await expect(menu.getByRole('link', { name: docs('guides.quick-start', {}, locale) })).toBeVisible()
      await menu.getByRole('link', { name: docs('products.Dubbing.name', {}, locale) }).click()
      await expect(page.locator('#dubbing h2')).toBeInViewport()
    })

test('every guide reads at 360 px, in Vietnamese and in English, with its examples', async ({ page }) => {
  test.setTimeout(180_000)
  expect(GUIDES.length).toBeGreaterThanOrEqual(10)
  await page.setViewportSize({ width: 360, height: 800 })
  const wide: string[] = []
  for (const prefix of ['', '/en'])
    for (const guide of GUIDES) {
      const path = `${prefix}/docs/${guide}`
      await page.goto(path)
      const article = page.getByTestId('docs-guide')
      await expect(article.getByRole('heading', { level: 1 })).toHaveText(
        docs(`guides.${guide}`, {}, prefix ? 'en' : 'vi'),
      )
      await expect(article.locator('figure pre').first()).toBeVisible()
      await expect(page).toHaveTitle(`${docs(`guides.${guide}`, {}, prefix ? 'en' : 'vi')} – Loa`)
      if ((await sidewaysOverflow(page)) > 0) wide.push(path)
    }
  expect(wide).toEqual([])
  // The migration pages put the other provider's request beside Loa's.
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto('/en/docs/migrate-from-openai')
  await expect(page.getByTestId('docs-sides').first().locator('figcaption')).toHaveText(['OpenAI', 'Loa'])
  await expect(page.getByText(docs('reference.exampleResponse', {}, 'en')).first()).toBeVisible()
})

test('the developer console links to the docs in its language', async ({ page }) => {
  test.setTimeout(120_000)
  await signUp(page, 'Nhà Phát Triển Tài Liệu')
  await page.goto('/console/apps')
  const link = page.getByRole('link', { name: sm('console.swagger') })
  await expect(link).toHaveAttribute('href', '/docs')
  const [docsPage] = await Promise.all([page.context().waitForEvent('page'), link.click()])
  await expect(docsPage.getByTestId('api-reference')).toBeVisible()
  await expect(docsPage.getByTestId('docs-operation').first()).toBeVisible()
})
