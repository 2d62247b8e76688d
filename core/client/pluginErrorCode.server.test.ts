import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { guest } from '../../plugins/guest/index.js'
import { guestCalls } from '../../plugins/guest/guestCalls.js'
import { createGuestCredential, guestTexts } from '../../plugins/guest/schema.js'
import { emailServer } from '../../plugins/email/server.js'
import { guestServer } from '../../plugins/guest/server.js'
import { createTestServer, TEST_APP_ID, TEST_ORIGIN, type TestServer } from '../../test/kit/createTestServer.js'
import { ApiError } from '../errors/index.js'
import { createFoyer } from './createFoyer.js'
import { definePlugin } from './plugin.js'
import { uiScreens } from './screenIds.js'
import { createMemoryStorage } from './storage.js'

let t: TestServer
beforeAll(async () => {
  t = await createTestServer({ plugins: [emailServer(), guestServer()], app: { guest: true } })
})
afterAll(() => t.close())

const load = async () => ({ default: () => null })
// The ui's failure screens, as ids only: the kernel pushes them, nothing renders.
const ui = definePlugin({ id: 'foyer', kind: 'feature', screens: Object.fromEntries(Object.values(uiScreens).map((id) => [id.slice('foyer/'.length), { load }])) })

it("a plugin-declared code answered by the server reaches the error screen with the plugin's text", async () => {
  const foyer = createFoyer({
    appId: TEST_APP_ID,
    apiUrl: 'http://foyer.test',
    plugins: [ui, guest()],
    storage: createMemoryStorage(),
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init)
      request.headers.set('origin', TEST_ORIGIN)
      return t.server.app.request(request)
    }) as typeof fetch,
  })
  foyer.session.handleTokenResponse(await t.login('plugin-code@example.com'))
  // A signed-in (non-guest) user asking for a guest account: the guest server's own 403 already_authenticated
  // (without the plugin's `errors` entry a 403 shows the generic 'Try again later').
  const error = await guestCalls.authenticate(foyer, { guest_credential: createGuestCredential() }).then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  expect(error).toMatchObject({ status: 403, serverCode: 'already_authenticated', code: 'ALREADY_AUTHENTICATED' })

  foyer.modal.open()
  foyer.modal.showError(error)
  // The error screens' texts load with the first open: the screen follows a moment later.
  await vi.waitFor(() => expect(foyer.$modal.value.stack.at(-1)?.id).toBe(uiScreens.error))
  expect(foyer.$modal.value.stack.at(-1)).toMatchObject({
    id: uiScreens.error,
    params: { title: 'Something went wrong', detail: guestTexts.alreadyAuthenticated },
  })
})
