import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { expectError, expectTransferOffer, ownerOf, PAST_NONCE_TTL_MS, refreshStatus, tokensOf, userExists, userOf } from '../../test/kit/transferKit.js'
import { webAppData, widgetResult } from '../../test/standins/telegramStandin.js'
import { emailServer } from '../email/server.js'
import { telegramServer } from './server.js'

const TOKEN = '7000000001:AAFoyerTestTokenForTheStandinOnly_x'
let t: TestServer
let clock = Date.now()
let seq = 9000
const nowS = () => Math.floor(clock / 1000)
const transfer = (token: string, body: unknown) => t.request('/api/v1/telegram/transfer', { token, body })

beforeAll(async () => {
  t = await createTestServer({
    now: () => clock,
    plugins: [emailServer(), telegramServer()],
    app: { telegram: { bot_token: TOKEN, bot_name: 'foyer_test_bot', seamless_auth_enabled: true } },
  })
})
afterAll(() => t.close())

/** A signed up with Telegram; B (e-mail) links the same Telegram account (widget or Mini App data). */
async function conflict(tag: string, via: 'widget' | 'webapp' = 'widget') {
  const who = { id: seq++, first_name: 'Ada', username: `ada${tag}` }
  const a = await tokensOf(await t.request('/api/v1/telegram/authenticate', { body: { telegram_auth_result: widgetResult(who, TOKEN, nowS()) } }))
  const b = await t.login(`tg-b-${tag}@example.com`)
  clock += 1000
  const proof = via === 'widget' ? { telegram_auth_result: widgetResult(who, TOKEN, nowS()) } : { telegram_web_app_data: webAppData(who, TOKEN, nowS()) }
  const data = await expectTransferOffer(await t.request('/api/v1/telegram/link', { token: b.token!, body: proof }))
  return { who, a, b, data }
}

describe('Telegram account transfer', () => {
  it('link conflict → 400 with {telegram_auth_result}; transfer (even after auth_date went stale) moves it and deletes the other user', async () => {
    const { who, a, b, data } = await conflict('ok')
    expect(data).toMatchObject({ account_type: 'telegram', display_name: `@${who.username}`, account: { telegram_auth_result: { id: String(who.id) } } })
    clock += 5 * 60 * 1000 // older than Telegram's 300 s freshness: the nonce, not the hash, proves the account now
    const user = await userOf(await transfer(b.token!, { ...data.account, nonce: data.nonce }))
    expect(user.linkedAccounts).toContainEqual(expect.objectContaining({ type: 'telegram', telegramUserId: String(who.id), username: who.username }))
    expect(await userExists(t, a.user.id)).toBe(false)
    expect(await refreshStatus(t, a.refresh_token!)).toBe(401)
    await expectError(await transfer(b.token!, { ...data.account, nonce: data.nonce }), 400, 'invalid_transfer_nonce')
  })

  it('a Mini App link offers the transfer in the widget shape too', async () => {
    const { who, b, data } = await conflict('webapp', 'webapp')
    await userOf(await transfer(b.token!, { ...data.account, nonce: data.nonce }))
    expect(await ownerOf(t, 'telegram', String(who.id))).toBe(b.user.id)
  })

  it('expired nonce, wrong account and malformed bodies change nothing', async () => {
    const { who, a, b, data } = await conflict('bad')
    const result = data.account.telegram_auth_result as Record<string, string>
    for (const body of [{}, { nonce: data.nonce }, { telegram_auth_result: { ...result, id: 'x' }, nonce: data.nonce }, { ...data.account }]) {
      await expectError(await transfer(b.token!, body), 400, 'invalid_data')
    }
    await expectError(await transfer(b.token!, { telegram_auth_result: { ...result, id: '1' }, nonce: data.nonce }), 400, 'invalid_transfer_nonce')
    clock += PAST_NONCE_TTL_MS
    await expectError(await transfer(b.token!, { ...data.account, nonce: data.nonce }), 400, 'invalid_transfer_nonce')
    expect(await ownerOf(t, 'telegram', String(who.id))).toBe(a.user.id)
  })
})
