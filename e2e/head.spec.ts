import { expect, test, type Page } from '@playwright/test'
import { E2E } from './support/env.ts'
import { msg } from './support/messages.ts'

const head = async (page: Page) => ({
  lang: await page.locator('html').getAttribute('lang'),
  title: await page.title(),
  description: await page.locator('meta[name="description"]').getAttribute('content'),
  canonical: await page.locator('link[rel="canonical"]').getAttribute('href'),
  xDefault: await page.locator('link[rel="alternate"][hreflang="x-default"]').getAttribute('href'),
  vi: await page.locator('link[rel="alternate"][hreflang="vi"]').getAttribute('href'),
  robots: await page.locator('meta[name="robots"]').getAttribute('content'),
  appBanner: await page.locator('meta[name="apple-itunes-app"]').getAttribute('content'),
  ogImage: await page.locator('meta[property="og:image"]').getAttribute('content'),
  ogLocale: await page.locator('meta[property="og:locale"]').getAttribute('content'),
})

test.describe('page head per locale route', () => {
  test('Vietnamese landing: vi title and description, canonical without prefix, alternates, app banner, share image', async ({
    page,
  }) => {
    await page.goto('/')
    const h = await head(page)
    expect(h.lang).toBe('vi')
    expect(h.title).toBe(msg('vi', 'meta.title'))
    expect(h.description).toBe(msg('vi', 'meta.description'))
    expect(h.canonical).toBe(E2E.webUrl)
    expect(h.xDefault).toBe(E2E.webUrl)
    expect(h.vi).toBe(E2E.webUrl)
    expect(h.appBanner).toMatch(/^app-id=\d+$/)
    expect(h.ogImage).toBe(`${E2E.webUrl}/og-image.png`)
    expect(h.ogLocale).toBe('vi_VN')
    const image = await page.request.get(h.ogImage!)
    expect(image.status()).toBe(200)
    expect(image.headers()['content-type']).toBe('image/png')
  })

  test('English landing: en title, canonical with /en, alternates point to the default and Vietnamese pages', async ({
    page,
  }) => {
    await page.goto('/en')
    const h = await head(page)
    expect(h.lang).toBe('en')
    expect(h.title).toBe(msg('en', 'meta.title'))
    expect(h.description).toBe(msg('en', 'meta.description'))
    expect(h.canonical).toBe(`${E2E.webUrl}/en`)
    expect(h.xDefault).toBe(E2E.webUrl)
    expect(h.vi).toBe(E2E.webUrl)
    expect(h.ogLocale).toBe('en_US')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('en', 'hero.title'))
  })

  test('inner pages get their own canonical in each language', async ({ page }) => {
    await page.goto('/services')
    expect((await head(page)).canonical).toBe(`${E2E.webUrl}/services`)
    expect((await head(page)).title).toBe(msg('vi', 'meta.servicesTitle'))
    await page.goto('/en/services')
    const h = await head(page)
    expect(h.canonical).toBe(`${E2E.webUrl}/en/services`)
    expect(h.vi).toBe(`${E2E.webUrl}/services`)
    expect(h.title).toBe(msg('en', 'meta.servicesTitle'))
    await page.goto('/en/demo')
    expect((await head(page)).canonical).toBe(`${E2E.webUrl}/en/demo`)
  })

  test('the /vi prefix is not a second address of the Vietnamese pages', async ({ page }) => {
    const response = await page.goto('/vi/demo')
    expect(new URL(page.url()).pathname).toBe('/demo')
    expect(response?.status()).toBe(200)
  })
})

test.describe('noindex by host', () => {
  test('the production landing domain is indexable', async ({ page }) => {
    await page.goto(`${E2E.webUrl}/`)
    expect((await head(page)).robots).toBe('index, follow')
  })

  test('any other host gets noindex, on every page and locale', async ({ page }) => {
    for (const path of ['/', '/en', '/demo', '/support']) {
      await page.goto(`${E2E.webUrlOtherHost}${path}`)
      expect((await head(page)).robots, path).toBe('noindex, nofollow')
    }
  })
})

test('local-business structured data: phone, address in Hanoi, opening hours, price range, social profiles', async ({
  page,
}) => {
  await page.goto('/')
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  const business = blocks.map((b) => JSON.parse(b)).find((b) => b['@type'] === 'LocalBusiness')
  expect(business).toBeDefined()
  expect(business.telephone).toBe(E2E.hotline)
  expect(business.address['@type']).toBe('PostalAddress')
  expect(business.address.addressLocality).toBe('Hanoi')
  expect(business.address.streetAddress).toBeTruthy()
  expect(business.priceRange).toBe('7-1000')
  expect(business.openingHoursSpecification).toEqual([
    {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
      opens: '08:30',
      closes: '17:30',
    },
  ])
  expect(business.sameAs).toEqual(Object.values(E2E.social))
})

test('footer shows the contact info and the six configured social links', async ({ page }) => {
  await page.goto('/en')
  const footer = page.locator('footer')
  await expect(footer.getByTestId('contact-address')).not.toHaveText('')
  await expect(footer.getByRole('link', { name: E2E.hotline })).toHaveAttribute('href', 'tel:1900123456')
  for (const [network, url] of Object.entries(E2E.social)) {
    await expect(footer.locator(`a[data-network="${network}"]`)).toHaveAttribute('href', url)
  }
})
