import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestServer, TEST_APP_ID, TEST_ORIGIN } from '../../test/kit/createTestServer.js'
import type { TestServer } from '../../test/kit/createTestServer.js'
import { createFoyer } from './createFoyer.js'
import { createMemoryStorage } from './storage.js'

let t: TestServer
beforeAll(async () => {
  t = await createTestServer()
})
afterAll(() => t.close())

/** A kernel whose fetch goes to the in-process server. */
const kernel = () =>
  createFoyer({
    appId: TEST_APP_ID,
    apiUrl: 'http://foyer.test',
    storage: createMemoryStorage(),
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init)
      request.headers.set('origin', TEST_ORIGIN)
      return t.server.app.request(request)
    }) as typeof fetch,
  })

it('fork on one kernel and recover on another give two independent sessions of one user', async () => {
  const a = kernel()
  a.session.handleTokenResponse(await t.login('client-fork@example.com'))
  const forked = await a.session.fork()
  const b = kernel()
  await b.session.recover(forked)
  expect(b.$session.value.user?.id).toBe(a.$session.value.user?.id)
  await a.session.logout()
  expect(await b.session.refreshUser()).toMatchObject({ id: b.$session.value.user!.id })
  await b.session.refresh()
  expect(b.$session.value.status).toBe('authenticated')
  await expect(kernel().session.recover(forked)).rejects.toMatchObject({ status: 401 })
})
