import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { widgetResult } from '../../test/standins/telegramStandin.js'
import { startTurnstileStandin, type TurnstileStandin } from '../../test/standins/turnstileStandin.js'
import { emailServer } from '../email/server.js'
import { farcasterServer } from '../farcaster/server.js'
import { oauthServer } from '../oauth/server.js'
import { passkeyServer } from '../passkey/server.js'
import { siweServer } from '../siwe/server.js'
import { siwsServer } from '../siws/server.js'
import { smsServer } from '../sms/server.js'
import { telegramServer } from '../telegram/server.js'
import { captchaTurnstileServer } from './server.js'

const BOT_TOKEN = '123456:captcha-test-bot-token'
let standin: TurnstileStandin
let server: TestServer

beforeAll(async () => {
  standin = await startTurnstileStandin()
  server = await createTestServer({
    plugins: [
      emailServer(), smsServer(), siweServer(), siwsServer(), passkeyServer(),
      farcasterServer({ resolveCustody: async () => null }), telegramServer(),
      oauthServer({ callbackUrl: 'http://foyer.test/api/v1/oauth/callback' }), captchaTurnstileServer(),
    ],
    app: {
      sms_auth: true, wallet_auth: true, solana_wallet_auth: true, passkey: true, farcaster: {},
      telegram: { bot_token: BOT_TOKEN, bot_name: 'foyer_test_bot' },
      oauth: { google: { client_id: 'cid', client_secret: 'secret' }, redirect_urls: ['http://localhost:5173/'] },
      'captcha-turnstile': { site_key: 't:0x4AAAAAAAroutes', secret_key: standin.secret, siteverify_url: standin.siteverifyUrl },
    },
  })
}, 60_000)
afterAll(async () => {
  await server?.close()
  await standin?.close()
})

const b64 = (n: number) => randomBytes(n).toString('base64url')
// Every route that sends a code or starts a login, with a body valid but for the missing token.
const routes: [string, string, () => Record<string, unknown>][] = [
  ['e-mail init', '/api/v1/passwordless/init', () => ({ email: 'routes@example.com' })],
  ['SMS init', '/api/v1/passwordless_sms/init', () => ({ phoneNumber: '+14155550123' })],
  ['SIWE init', '/api/v1/siwe/init', () => ({ address: `0x${'ab'.repeat(20)}` })],
  ['SIWS init', '/api/v1/siws/init', () => ({ address: '11111111111111111111111111111111' })],
  ['passkey authenticate init', '/api/v1/passkeys/authenticate/init', () => ({})],
  ['passkey register init', '/api/v1/passkeys/register/init', () => ({})],
  ['Farcaster init', '/api/v1/farcaster/init', () => ({})],
  ['Telegram authenticate', '/api/v1/telegram/authenticate', () => ({ telegram_auth_result: widgetResult({ id: 42, first_name: 'Ada' }, BOT_TOKEN) })],
  [
    'OAuth init',
    '/api/v1/oauth/init',
    () => ({ provider: 'google', redirect_to: 'http://localhost:5173/', code_challenge: createHash('sha256').update(b64(36)).digest('base64url'), state_code: b64(36) }),
  ],
]

describe('with captcha on, every init route checks the token first', () => {
  it.each(routes)('%s without a token → 400 invalid_captcha', async (_name, path, body) => {
    const res = await server.request(path, { body: body(), headers: { origin: 'http://localhost:5173' } })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Invalid captcha', code: 'invalid_captcha' })
  })

  it('nothing was sent or stored by those refusals', async () => {
    expect(await server.outbox()).toEqual([])
    const users = await server.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')
    expect(users[0]!.n).toBe(0)
  })

  it('a good token passes the check (SMS init sends its code)', async () => {
    const res = await server.request('/api/v1/passwordless_sms/init', { body: { phoneNumber: '+14155550123', token: standin.mint() } })
    expect(res.status).toBe(200)
    expect((await server.outbox()).length).toBe(1)
  })
})
