import { expect, test, type APIRequestContext } from '@playwright/test'
import { am, grantRole } from './support/admin.ts'
import { E2E } from './support/env.ts'
import { REPOSITORY_VOICE } from './support/piper-repository.ts'
import { PROVIDER_KEY, SCREEN_KEY_ENV } from './support/provider.ts'
import { signUp } from './support/studio.ts'
import { startLoopbackProvider } from '../packages/tts/test/providers/loopback.ts'

/** The English back-office's messages. */
const en = (key: string, values: Record<string, string | number> = {}) => am(key, values, 'en')

/** The voice as the public catalogue lists it (undefined when customers do not see it). */
const publicVoice = async (request: APIRequestContext, code: string) => {
  const res = await request.get(`${E2E.apiUrl}/api/v1/voices?code=${code}`)
  expect(res.ok()).toBe(true)
  return ((await res.json()) as { result: { items: Record<string, unknown>[] } }).result.items[0]
}

test('the /admin Voices screen: install a neural voice with progress, set how it is sold, hide it, remove it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const email = await signUp(page, 'Người Quản Lý Giọng')
  await grantRole(email, 'loa-api')
  await page.goto('/en/admin/voices')
  await expect(page.getByRole('heading', { level: 1, name: en('voices.title') })).toBeVisible()
  const installed = page.getByTestId('installed-voices')
  await expect(installed.getByText(en('voices.none'))).toBeVisible()

  // Install by name from the voice repository (a loopback one): progress, then the voice with its sample.
  await installed.getByLabel(en('voices.source')).fill(REPOSITORY_VOICE)
  await installed.getByRole('button', { name: en('voices.install'), exact: true }).click()
  await expect(installed.getByText(en('voices.installedDone', { name: REPOSITORY_VOICE }))).toBeVisible({
    timeout: 90_000,
  })
  const row = installed.getByTestId(`installed-${REPOSITORY_VOICE}`)
  await expect(row).toContainText(en('voices.engines.piper'))
  await expect(row).toContainText(/\d+\.\d MB/)
  expect(await publicVoice(request, REPOSITORY_VOICE)).toMatchObject({ engine: 'piper', level: 'NEURAL' })

  // How it is sold: display name, tier, credit factor, order; a factor out of bounds is refused in place.
  const card = page.getByTestId(`voice-${REPOSITORY_VOICE}`)
  await expect(card.locator('audio')).toHaveCount(1)
  const factor = card.getByLabel(en('voices.creditFactor'))
  await factor.fill('25')
  await card.getByRole('button', { name: `${en('voices.save')} ${REPOSITORY_VOICE}` }).click()
  await expect(card.getByRole('alert')).toHaveText(en('voices.invalid.creditFactor'))
  await card.getByLabel(en('voices.displayName')).fill('Mai (neural e2e)')
  await card.getByLabel(en('voices.level')).selectOption('PREMIUM')
  await factor.fill('2.5')
  await card.getByLabel(en('voices.rank')).fill('-7')
  await card.getByRole('button', { name: `${en('voices.save')} ${REPOSITORY_VOICE}` }).click()
  await expect(page.getByText(en('saved')).first()).toBeVisible()
  await expect
    .poll(() => publicVoice(request, REPOSITORY_VOICE))
    .toMatchObject({ name: 'Mai (neural e2e)', level: 'PREMIUM', credit_factor: 2.5, rank: -7 })
  // First in the customers' order (the lowest rank).
  const first = await request.get(`${E2E.apiUrl}/api/v1/voices?limit=1`)
  expect(((await first.json()) as { result: { items: { code: string }[] } }).result.items[0]?.code).toBe(
    REPOSITORY_VOICE,
  )

  // Usable at 360 px.
  await page.setViewportSize({ width: 360, height: 800 })
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await page.setViewportSize({ width: 1280, height: 800 })

  // Hidden: customers no longer see it.
  await card.getByLabel(en('voices.visible')).uncheck()
  await card.getByRole('button', { name: `${en('voices.save')} ${REPOSITORY_VOICE}` }).click()
  await expect.poll(() => publicVoice(request, REPOSITORY_VOICE)).toBeUndefined()

  // Removed (asked twice): its files go, the folder lists nothing.
  await row.getByRole('button', { name: `${en('voices.remove')} ${REPOSITORY_VOICE}` }).click()
  await row.getByRole('button', { name: en('voices.removeConfirm', { name: REPOSITORY_VOICE }) }).click()
  await expect(page.getByText(en('voices.removed', { name: REPOSITORY_VOICE }))).toBeVisible()
  await expect(installed.getByText(en('voices.none'))).toBeVisible()
})

test('the /admin Voices screen: add a provider, test it, sell its voice, disable it, delete it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  // The test's own loopback OpenAI-compatible server; the backend holds its key in VOICE_KEY_E2E.
  const server = await startLoopbackProvider('openai', { key: PROVIDER_KEY })
  try {
    const code = 'vi-south-male-minh-screen'
    const email = await signUp(page, 'Người Quản Lý Nhà Cung Cấp')
    await grantRole(email, 'loa-api')
    await page.goto('/en/admin/voices')
    const providers = page.getByTestId('voice-providers')
    // The file's provider is listed, read-only: no change, enable or delete for it.
    const fromFile = providers.getByTestId('provider-e2e-gpu')
    await expect(fromFile).toContainText(en('providers.fromFile'))
    await expect(fromFile.getByRole('button', { name: `${en('providers.edit')} e2e-gpu` })).toHaveCount(0)

    await providers.getByRole('button', { name: en('providers.add') }).click()
    const form = providers.getByRole('form', { name: en('providers.add') })
    await form.getByLabel(en('providers.id')).fill('e2e-screen')
    await form.getByLabel(en('providers.kind')).selectOption('openai')
    await form.getByLabel(en('providers.baseUrl')).fill(`${server.url}/v1`)
    await form.getByLabel(en('providers.keyEnv', { prefix: 'VOICE_KEY_' })).fill(SCREEN_KEY_ENV)
    const voice = form.getByRole('group', { name: en('providers.voiceN', { n: 1 }) })
    await voice.getByLabel(en('providers.voiceCode')).fill(code)
    await voice.getByLabel(en('providers.providerVoice')).fill('minh')
    await voice.getByLabel(en('voices.displayName')).fill('Minh (screen e2e)')
    await voice.getByLabel(en('voices.gender')).selectOption('MALE')
    await voice.getByLabel(en('voices.region')).selectOption('SOUTH')
    await form.getByRole('button', { name: en('providers.save') }).click()
    // Saved: the form closes and the provider is listed, answering (the toast may be gone on a loaded machine).
    const card = providers.getByTestId('provider-e2e-screen')
    await expect(card).toContainText(en('providers.states.available'), { timeout: 60_000 })
    await expect(form).toHaveCount(0)
    await expect(card).toContainText(en('providers.keySet', { name: SCREEN_KEY_ENV }))
    // The key itself is never on the page.
    expect(await page.content()).not.toContain(PROVIDER_KEY)

    // Test connection: one sentence spoken through the provider, with the key from the backend's environment.
    await card.getByRole('button', { name: `${en('providers.test')} e2e-screen` }).click()
    await expect(card.getByRole('status')).toContainText('Connected: vi-south-male-minh-screen spoke', {
      timeout: 60_000,
    })
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${PROVIDER_KEY}`)

    // Its voice is in the catalogue (customers see it) and on the screen, where it is sold like any voice.
    await expect
      .poll(() => publicVoice(request, code))
      .toMatchObject({ engine: 'provider', provider: 'e2e-screen', name: 'Minh (screen e2e)' })
    const sold = page.getByTestId(`voice-${code}`)
    await sold.getByLabel(en('voices.level')).selectOption('PREMIUM')
    await sold.getByLabel(en('voices.creditFactor')).fill('2')
    await sold.getByRole('button', { name: `${en('voices.save')} ${code}` }).click()
    await expect.poll(() => publicVoice(request, code)).toMatchObject({ level: 'PREMIUM', credit_factor: 2 })

    // Usable at 360 px.
    await page.setViewportSize({ width: 360, height: 800 })
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(360)
    await page.setViewportSize({ width: 1280, height: 800 })

    // Disabled: its voice leaves the catalogue.
    await card.getByRole('button', { name: `${en('providers.disable')} e2e-screen` }).click()
    await expect(card).toContainText(en('providers.states.off'), { timeout: 60_000 })
    await expect.poll(() => publicVoice(request, code)).toBeUndefined()

    // Deleted (asked twice).
    await card.getByRole('button', { name: `${en('providers.delete')} e2e-screen` }).click()
    await card.getByRole('button', { name: en('providers.deleteConfirm', { id: 'e2e-screen' }) }).click()
    await expect(providers.getByTestId('provider-e2e-screen')).toHaveCount(0, { timeout: 60_000 })
  } finally {
    await server.close()
  }
})
