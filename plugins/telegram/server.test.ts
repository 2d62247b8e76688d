import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TokenResponseSchema } from '../../core/protocol/index.js'
import { emailServer } from '../email/server.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { webAppData, widgetResult } from '../../test/standins/telegramStandin.js'
import { telegramServer } from './server.js'

const TOKEN = '7000000001:AAFoyerTestTokenForTheStandinOnly_x'
let t: TestServer
let clock = Date.now()
const nowS = () => Math.floor(clock / 1000)
const ada = { id: 1001, first_name: 'Ada', username: 'ada' }
const authenticate = (body: unknown, token?: string) => t.request('/api/v1/telegram/authenticate', { body, ...(token ? { token } : {}) })
const count = async (table: string) => (await t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n

beforeAll(async () => {
  t = await createTestServer({
    now: () => clock,
    plugins: [emailServer(), telegramServer()],
    app: { telegram: { bot_token: TOKEN, bot_name: 'foyer_test_bot', seamless_auth_enabled: true } },
  })
})
afterAll(() => t.close())

describe('telegram routes', () => {
  it('the public config names the bot but never carries the token', async () => {
    const config = await (await t.request(`/api/v1/apps/${t.appId}`)).json()
    expect(config.telegram).toBe(true)
    expect(config.telegram_auth_config).toEqual({ bot_id: '7000000001', bot_name: 'foyer_test_bot', link_enabled: true, seamless_auth_enabled: true })
    expect(JSON.stringify(config)).not.toContain('AAFoyer')
  })

  it('a widget result logs in; the account has the spec fields; a new result logs into the same user', async () => {
    const res = await authenticate({ telegram_auth_result: widgetResult(ada, TOKEN, nowS()) })
    expect(res.status).toBe(200)
    const body = v.parse(TokenResponseSchema, await res.json())
    expect(body.is_new_user).toBe(true)
    expect(body.user.linkedAccounts).toMatchObject([{ type: 'telegram', telegramUserId: '1001', firstName: 'Ada', lastName: null, username: 'ada', photoUrl: null }])
    clock += 1000
    const again = v.parse(TokenResponseSchema, await (await authenticate({ telegram_auth_result: widgetResult(ada, TOKEN, nowS()) })).json())
    expect(again.user.id).toBe(body.user.id)
  })

  it('a replayed hash is refused and creates nothing', async () => {
    clock += 1000
    const result = widgetResult({ id: 2002, first_name: 'Rep' }, TOKEN, nowS())
    expect((await authenticate({ telegram_auth_result: result })).status).toBe(200)
    const users = await count('users')
    const replay = await authenticate({ telegram_auth_result: result })
    expect(replay.status).toBe(401)
    expect(await replay.json()).toEqual({ code: 'invalid_credentials', error: 'Invalid Telegram data: replayed' })
    expect(await count('users')).toBe(users)
  })

  it('a forged hash, a stale auth_date and a future auth_date are 401 invalid_credentials with nothing stored', async () => {
    const seen = await count('telegram_seen_hashes')
    const forged = { ...widgetResult({ id: 3003, first_name: 'F' }, TOKEN, nowS()), hash: 'c'.repeat(64) }
    const r1 = await authenticate({ telegram_auth_result: forged })
    expect([r1.status, (await r1.json()).error]).toEqual([401, 'Invalid Telegram data: bad_hash'])
    const r2 = await authenticate({ telegram_auth_result: widgetResult({ id: 3003, first_name: 'F' }, TOKEN, nowS() - 301) })
    expect([r2.status, (await r2.json()).error]).toEqual([401, 'Invalid Telegram data: expired'])
    const r3 = await authenticate({ telegram_auth_result: widgetResult({ id: 3003, first_name: 'F' }, TOKEN, nowS() + 600) })
    expect([r3.status, (await r3.json()).error]).toEqual([401, 'Invalid Telegram data: future'])
    expect(await count('telegram_seen_hashes')).toBe(seen)
  })

  it('malformed bodies are 400 invalid_data', async () => {
    const good = widgetResult({ id: 4004, first_name: 'M' }, TOKEN, nowS())
    const { hash: _h, ...noHash } = good
    for (const body of [
      {},
      { telegram_auth_result: noHash },
      { telegram_auth_result: { ...good, id: 'abc' } },
      { telegram_auth_result: { ...good, id: 4004 } },
      { telegram_web_app_data: { ...webAppData(ada, TOKEN, nowS()), chat: { id: 1 } } },
      { telegram_auth_result: good, telegram_web_app_data: webAppData(ada, TOKEN, nowS()) },
      { telegram_web_app_data: { hash: 'x' } },
      { telegram_auth_result: good, mode: 'everything' },
      'not json',
    ]) {
      const res = await authenticate(body)
      expect(res.status).toBe(400)
      expect((await res.json()).code).toBe('invalid_data')
    }
  })

  it('web-app init data logs in when seamless auth is enabled', async () => {
    clock += 1000
    const res = await authenticate({ telegram_web_app_data: webAppData({ id: 5005, first_name: 'Mini', username: 'mini' }, TOKEN, nowS()) })
    expect(res.status).toBe(200)
    expect((await res.json()).user.linkedAccounts[0]).toMatchObject({ type: 'telegram', telegramUserId: '5005', username: 'mini' })
  })

  it('link and unlink {telegram_user_id}; a Telegram account of another user cannot join a user who has one', async () => {
    const me = await t.login('tg.linker@example.com')
    clock += 1000
    const link = await t.request('/api/v1/telegram/link', { body: { telegram_auth_result: widgetResult({ id: 6006, first_name: 'L' }, TOKEN, nowS()) }, token: me.token! })
    expect(link.status).toBe(200)
    expect((await link.json()).linkedAccounts.map((a: { type: string }) => a.type)).toEqual(['email', 'telegram'])
    const taken = await t.request('/api/v1/telegram/link', { body: { telegram_auth_result: widgetResult(ada, TOKEN, nowS()) }, token: me.token! })
    // Another user's Telegram account is offered for transfer, but only to a user with room for it (one per type).
    expect(taken.status).toBe(400)
    expect((await taken.json()).code).toBe('cannot_link_more_of_type')
    const unlink = await t.request('/api/v1/telegram/unlink', { body: { telegram_user_id: '6006' }, token: me.token! })
    expect(unlink.status).toBe(200)
    expect((await unlink.json()).linkedAccounts.map((a: { type: string }) => a.type)).toEqual(['email'])
    expect((await t.request('/api/v1/telegram/unlink', { body: { telegram_user_id: 6006 }, token: me.token! })).status).toBe(400)
    expect((await t.request('/api/v1/telegram/link', { body: { telegram_auth_result: widgetResult(ada, TOKEN, nowS()) } })).status).toBe(401)
  })

  it('no-signup refuses an unknown Telegram user with 404 user_does_not_exist', async () => {
    clock += 1000
    const res = await authenticate({ telegram_auth_result: widgetResult({ id: 7007, first_name: 'N' }, TOKEN, nowS()), mode: 'no-signup' })
    expect(res.status).toBe(404)
    expect((await res.json()).code).toBe('user_does_not_exist')
  })

  it('an app without a telegram section, or without seamless auth for web-app data, answers disallowed_login_method', async () => {
    const other = await createTestServer({ plugins: [emailServer(), telegramServer()] })
    const r1 = await other.request('/api/v1/telegram/authenticate', { body: { telegram_auth_result: widgetResult(ada, TOKEN) } })
    expect([r1.status, (await r1.json()).code]).toEqual([403, 'disallowed_login_method'])
    await other.close()
    const noSeamless = await createTestServer({ plugins: [emailServer(), telegramServer()], app: { telegram: { bot_token: TOKEN, bot_name: 'foyer_test_bot' } } })
    const r2 = await noSeamless.request('/api/v1/telegram/authenticate', { body: { telegram_web_app_data: webAppData(ada, TOKEN) } })
    expect([r2.status, (await r2.json()).code]).toEqual([403, 'disallowed_login_method'])
    await noSeamless.close()
  })
})
