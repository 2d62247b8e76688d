// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createFoyer } from '../../core/client/createFoyer.js'
import { createMemoryStorage } from '../../core/client/storage.js'
import { emailServer } from '../email/server.js'
import { createTestServer, TEST_APP_ID, type TestServer } from '../../test/kit/createTestServer.js'
import { webAppData } from '../../test/standins/telegramStandin.js'
import { telegram } from './index.js'
import { telegramServer } from './server.js'

const TOKEN = '7000000001:AAFoyerTestTokenForTheStandinOnly_x'
let t: TestServer
beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), telegramServer()],
    app: { telegram: { bot_token: TOKEN, bot_name: 'foyer_test_bot', seamless_auth_enabled: true } },
  })
})
afterAll(() => t.close())
afterEach(() => {
  delete (window as { Telegram?: unknown }).Telegram
  window.history.replaceState(null, '', '/')
})

const kernel = () =>
  createFoyer({
    appId: TEST_APP_ID,
    apiUrl: 'http://foyer.test',
    plugins: [telegram()],
    storage: createMemoryStorage(),
    fetch: ((url: string, init: RequestInit) => t.app.request(String(url).replace('http://foyer.test', ''), init)) as typeof fetch,
  })

describe('telegram setup', () => {
  it('inside a Telegram Mini App with seamless auth on, signs the user in without a click', async () => {
    const data = webAppData({ id: 880088, first_name: 'Seam', username: 'seamless' }, TOKEN)
    ;(window as { Telegram?: unknown }).Telegram = { WebApp: { initData: new URLSearchParams(data).toString() } }
    const foyer = kernel()
    await foyer.init()
    await expect.poll(() => foyer.$session.peek().status, { timeout: 10_000 }).toBe('authenticated')
    expect(foyer.$session.peek().user?.telegram).toMatchObject({ telegramUserId: '880088', username: 'seamless' })
  })

  it('return parameters are removed from the URL at setup and open the Telegram auth screen', async () => {
    window.history.replaceState(null, '', `/page?keep=1&id=5&first_name=A&auth_date=1&hash=${'a'.repeat(64)}`)
    const foyer = kernel()
    await foyer.init()
    expect(window.location.search).toBe('?keep=1')
    await expect.poll(() => foyer.$modal.peek().stack.at(-1)?.id).toBe('telegram/auth')
    expect(foyer.$modal.peek().stack.at(-1)?.params).toMatchObject({ payload: { result: { id: '5', hash: 'a'.repeat(64) } }, intent: 'login' })
  })
})
