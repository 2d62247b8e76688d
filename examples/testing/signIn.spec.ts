import { expect, test, type Page } from '@playwright/test'
import { startFoyerTestServer, type FoyerTestServer } from 'foyer/testing'
import { serveHostPage, type ServedHostPage } from './serveHostPage.js'

// One server and one host page for the file; each test signs in through the real modal with the kit's signIn.
let host: ServedHostPage
let foyer: FoyerTestServer

test.beforeAll(async () => {
  host = await serveHostPage()
  // The page's origin must be one the test app allows.
  foyer = await startFoyerTestServer({ origins: [host.url] })
})

test.afterAll(async () => {
  await foyer?.close()
  await host?.close()
})

/** Loads the host page, pointed at this file's server. */
const open = (page: Page) => page.goto(`${host.url}/?apiUrl=${encodeURIComponent(foyer.apiUrl)}&appId=${foyer.appId}`)

test('a new user signs up through the modal and the page shows them', async ({ page }) => {
  await open(page)
  await foyer.signIn(page, { email: 'ada@example.com' })
  await expect(page.getByTestId('signed-in')).toContainText('Signed in as ada@example.com')
})

test('a user made by createUser signs in as that same user', async ({ page }) => {
  const made = await foyer.createUser({ email: 'grace@example.com' })
  await open(page)
  await foyer.signIn(page, { email: 'grace@example.com' })
  await expect(page.getByTestId('signed-in')).toHaveAttribute('data-user-id', made.id)
})
