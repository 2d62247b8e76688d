import { generateKeyPairSync, randomInt } from 'node:crypto'
import type * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerPlugin } from '../../core/server/types.js'
import { AnalyticsEventSchema, RefreshInputSchema, paths } from '../../core/protocol/index.js'
import { createTestServer, TEST_APP_ID, TEST_ORIGIN, type TestServer } from './createTestServer.js'
import { createRng, fuzzBody, nastyStrings, type Rng } from './schemaFuzzer.js'
import { startJwksStandin, type JwksStandin } from '../standins/jwksStandin.js'
import { captchaTurnstileServer } from '../../plugins/captcha-turnstile/server.js'
import { customJwtApi } from '../../plugins/custom-jwt/api.js'
import { customJwtServer } from '../../plugins/custom-jwt/server.js'
import { emailApi } from '../../plugins/email/api.js'
import { embeddedWalletApi } from '../../plugins/wallet-frame/api.js'
import { embeddedWalletServer } from '../../plugins/embedded-wallet/server.js'
import { recoveryGoogleDriveServer } from '../../plugins/recovery-google-drive/server.js'
import { recoveryIcloudServer } from '../../plugins/recovery-icloud/server.js'
import { recoveryPasswordServer } from '../../plugins/recovery-password/server.js'
import { emailServer } from '../../plugins/email/server.js'
import { farcasterApi, farcasterRelayPaths } from '../../plugins/farcaster/api.js'
import { RelayAuthenticateInputSchema } from '../../plugins/farcaster/schema.js'
import { farcasterServer } from '../../plugins/farcaster/server.js'
import { fundingServer } from '../../plugins/funding/server.js'
import { fundingCoinbaseApi } from '../../plugins/funding-coinbase/api.js'
import { fundingCoinbaseServer } from '../../plugins/funding-coinbase/server.js'
import { moonpayApi } from '../../plugins/funding-moonpay/api.js'
import { fundingMoonpayServer } from '../../plugins/funding-moonpay/server.js'
import { guestApi } from '../../plugins/guest/api.js'
import { CreateUserSchema, EmailLookupSchema, managementPaths, PhoneLookupSchema, SetCustomMetadataSchema, WalletLookupSchema } from '../../plugins/management/schema.js'
import { managementServer } from '../../plugins/management/server.js'
import { guestServer } from '../../plugins/guest/server.js'
import { oauthApi } from '../../plugins/oauth/api.js'
import { oauthProviderIds } from '../../plugins/oauth/providerIds.js'
import { oauthServer } from '../../plugins/oauth/server.js'
import { passkeyApi } from '../../plugins/passkey/api.js'
import { passkeyServer } from '../../plugins/passkey/server.js'
import { siweApi } from '../../plugins/siwe/api.js'
import { siweServer } from '../../plugins/siwe/server.js'
import { siwsApi } from '../../plugins/siws/api.js'
import { siwsServer } from '../../plugins/siws/server.js'
import { smsApi } from '../../plugins/sms/api.js'
import { smsServer } from '../../plugins/sms/server.js'
import { telegramApi } from '../../plugins/telegram/api.js'
import { telegramServer } from '../../plugins/telegram/server.js'
import { termsApi } from '../../plugins/terms/api.js'
import { termsServer } from '../../plugins/terms/server.js'

// Every outside service sits on a loopback port nothing listens on: a call fails at once, never hangs.
const DEAD = 'http://127.0.0.1:9'
const CAPTCHA_APP_ID = 'foyer_fuzz_captcha_app_01'
// 400 a route in the suite (each run draws new bodies from a new seed, so runs add up); FOYER_FUZZ_BODIES for more.
const BODIES_PER_ROUTE = Number(process.env.FOYER_FUZZ_BODIES) || 400
// FOYER_FUZZ_SEED replays a failed run; otherwise every run explores new bodies and prints its seed on failure.
const SEED = Number(process.env.FOYER_FUZZ_SEED) || randomInt(1, 2 ** 31)

const plugins: ServerPlugin[] = [
  termsServer(),
  emailServer(),
  smsServer(),
  guestServer(),
  customJwtServer(),
  telegramServer(),
  farcasterServer(),
  passkeyServer(),
  oauthServer({ callbackUrl: 'http://foyer.test/api/v1/oauth/callback', providerTimeoutMs: 2000 }),
  siwsServer(),
  siweServer(),
  captchaTurnstileServer(),
  embeddedWalletServer(),
  recoveryPasswordServer(),
  recoveryGoogleDriveServer(),
  recoveryIcloudServer(),
  // Funding: the hub's section, Moonpay (a key pair of its own) and Coinbase Onramp (a throwaway CDP key, Coinbase dead).
  fundingServer(),
  // Both key pairs: without one, a request for it answers the declared 503 moonpay_not_configured.
  fundingMoonpayServer({ apiKey: 'pk_live_fuzz', secretKey: 'sk_live_fuzz', sandboxApiKey: 'pk_test_fuzz', sandboxSecretKey: 'sk_test_fuzz', env: {} }),
  fundingCoinbaseServer({
    apiUrl: DEAD,
    keyName: 'organizations/fuzz/apiKeys/fuzz',
    privateKey: generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'sec1', format: 'pem' }).toString(),
    env: {},
    timeoutMs: 1000,
  }),
  managementServer(),
]

/** Input schemas by path, from the plugins' own call definitions (the schemas the client validates with). */
const schemas = new Map<string, v.GenericSchema | undefined>([
  [paths.analyticsEvents, AnalyticsEventSchema],
  [paths.sessions, RefreshInputSchema],
  [paths.sessionsFork, RefreshInputSchema],
  [paths.sessionsForkRecover, RefreshInputSchema],
  [paths.sessionsLogout, RefreshInputSchema],
  [farcasterRelayPaths.authenticate, RelayAuthenticateInputSchema],
  // The management API (an app secret, never sent here: its routes answer the fuzz 401 or 403 without reading more).
  [managementPaths.users, CreateUserSchema],
  [managementPaths.byEmail, EmailLookupSchema],
  [managementPaths.byPhone, PhoneLookupSchema],
  [managementPaths.byWallet, WalletLookupSchema],
  [managementPaths.customMetadata, SetCustomMetadataSchema],
])
for (const api of [emailApi, smsApi, oauthApi, passkeyApi, siweApi, siwsApi, telegramApi, farcasterApi, customJwtApi, guestApi, termsApi, embeddedWalletApi, moonpayApi, fundingCoinbaseApi]) {
  for (const call of Object.values(api) as { path: string; input?: v.GenericSchema }[]) schemas.set(call.path, call.input)
}

/**
 * Registers the schema fuzz of every route for shard `shard` of `shards` (routes by their index in the
 * app's route list): the shards are separate test files, so the unit project's two workers run them at once.
 */
export function defineRouteFuzz(shard: number, shards: number): void {
  let t: TestServer
  let idp: JwksStandin
  let bearer: string
  const logged: string[] = []

  const sections = (jwtKey: string) => ({
    email_auth: true,
    sms_auth: true,
    passkey: true,
    wallet_auth: true,
    solana_wallet_auth: true,
    guest: true,
    oauth: {
      ...Object.fromEntries(
        oauthProviderIds.map((id) => [
          id,
          {
            client_id: `${id}-client`,
            client_secret: 'secret',
            issuer: `${DEAD}/${id}`,
            authorization_endpoint: `${DEAD}/${id}/authorize`,
            token_endpoint: `${DEAD}/${id}/token`,
            userinfo_endpoint: `${DEAD}/${id}/userinfo`,
            jwks_uri: `${DEAD}/${id}/jwks`,
          },
        ]),
      ),
      redirect_urls: ['http://localhost:5173/'],
    },
    telegram: { bot_token: '7000000001:AAFoyerTestTokenForTheStandinOnly_x', bot_name: 'foyer_test_bot', seamless_auth_enabled: true },
    'custom-jwt': { public_key: jwtKey, algorithms: ['ES256'], issuer: 'https://idp.example', audience: 'foyer' },
    farcaster: { rpc_url: DEAD, relay_key: 'relay-key-of-16-chars-or-more' },
    siwe: { chains: { '1': { rpc_url: DEAD } } },
    'embedded-wallet': {},
    funding: { methods: ['manual', 'moonpay', 'coinbase-onramp'] },
  })

  beforeAll(async () => {
    idp = await startJwksStandin({ issuer: 'https://idp.example', audience: 'foyer' })
    const app = sections(idp.publicKeyPem)
    // Rate limits stay out of the way, or the fuzz would mostly meet 429s and not the code behind them.
    const rules = [...plugins.flatMap((p) => Object.keys(p.rateLimits ?? {})), 'sessions.ip', 'analytics.ip']
    t = await createTestServer({
      plugins,
      apps: [
        { id: TEST_APP_ID, name: 'Fuzz', allowed_origins: [TEST_ORIGIN], ...app },
        {
          id: CAPTCHA_APP_ID,
          name: 'Fuzz with captcha',
          allowed_origins: [TEST_ORIGIN],
          ...app,
          'captcha-turnstile': { site_key: 't:0x4AAAAAAAfuzz', secret_key: 'secret', siteverify_url: `${DEAD}/siteverify`, timeout_ms: 1000 },
        },
      ],
      logger: { info() {}, warn() {}, error: (msg) => logged.push(msg) },
      // The wallet frame's custody routes answer only this origin: the fuzz sends it half the time.
      walletOrigin: TEST_ORIGIN,
      rateLimits: Object.fromEntries(rules.map((name) => [name, { limit: 1e9, windowSeconds: 60 }])),
    })
    bearer = (await t.login('fuzz@example.com')).token!
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await idp?.close()
  })

  interface Case {
    method: string
    path: string
    body: { json: unknown } | { text: string } | null
    authed: boolean
    appId: string | null
  }

  /** A request for `route`: its path parameters, query and headers drawn too. */
  function makeCase(method: string, route: string, rng: Rng): Case {
    // Path parameters as they come over the wire: percent-encoded, valid UTF-8 or not.
    const param = () => rng.pick([TEST_APP_ID, CAPTCHA_APP_ID, '%00', '%ED%A0%80', '%E0%A4', '%', '%25', 'a%2Fb', '..', 'x'.repeat(25), `${'a'.repeat(24)}%00`])
    const path = route.replace(/:(\w+)/g, param)
    const query = rng.chance(0.2) ? `?${new URLSearchParams({ [rng.pick(['state', 'code', 'error', 'x'])]: rng.pick(nastyStrings).slice(0, 200) })}` : ''
    const appId = rng.chance(0.05) ? null : rng.chance(0.15) ? CAPTCHA_APP_ID : TEST_APP_ID
    const body = method === 'GET' ? null : fuzzBody(schemas.get(route), rng)
    return { method, path: path + query, body, authed: rng.chance(0.5), appId }
  }

  async function run(c: Case, rng: Rng): Promise<Response> {
    const headers: Record<string, string> = {}
    if (c.appId) headers['foyer-app-id'] = c.appId
    if (c.authed) headers.authorization = `Bearer ${bearer}`
    else if (rng.chance(0.1)) headers.authorization = `Bearer ${rng.pick(['x', 'a.b.c', 'e30.e30.e30'])}`
    if (rng.chance(0.5)) headers.origin = TEST_ORIGIN
    if (rng.chance(0.3)) headers['farcaster-channel-token'] = rng.pick(['A'.repeat(43), 'short', '%00', '../x'])
    if (rng.chance(0.1)) headers['x-farcaster-auth-relay-key'] = 'relay-key-of-16-chars-or-more'
    let body: string | undefined
    if (c.body) {
      body = 'text' in c.body ? c.body.text : JSON.stringify(c.body.json)
      // As over the wire: node's server always has the length of a body that isn't chunked.
      if (rng.chance(0.8)) headers['content-length'] = String(Buffer.byteLength(body))
      headers['content-type'] = rng.chance(0.9) ? 'application/json' : rng.pick(['text/plain', 'application/x-www-form-urlencoded'])
    }
    return t.server.app.request(c.path, { method: c.method, headers, body })
  }

  /** What a failure report shows: the seed, the request and the answer, never the bearer token. */
  const describeCase = (seed: number, i: number, c: Case, status: number, answer: string) =>
    `seed ${seed} (FOYER_FUZZ_SEED=${SEED}), body #${i}: ${c.method} ${c.path} app=${c.appId} bearer=${c.authed} → ${status} ${answer.slice(0, 300)}\n` +
    `  body: ${c.body === null ? '(none)' : 'text' in c.body ? JSON.stringify(c.body.text.slice(0, 500)) : JSON.stringify(c.body.json)?.slice(0, 500)}`

  describe(`schema fuzz of every route (shard ${shard + 1} of ${shards})`, () => {
    it(`sends ${BODIES_PER_ROUTE} generated requests to each route of a server with every plugin: no answer is a 5xx`, async () => {
      const all = [...new Map(t.server.app.routes.filter((r) => r.method !== 'ALL').map((r) => [`${r.method} ${r.path}`, r])).values()]
      // Every plugin's routes are there (a route list that shrank would make this test pass for nothing).
      expect(all.length).toBeGreaterThanOrEqual(50)
      const routes = all.filter((_, index) => index % shards === shard)
      const failures: { key: string; text: string }[] = []
      let sent = 0
      for (const route of routes) {
        const index = all.indexOf(route)
        const seed = (SEED + index * 7919) >>> 0
        const rng = createRng(seed)
        const cases = Array.from({ length: BODIES_PER_ROUTE }, () => makeCase(route.method, route.path, rng))
        // A few requests at a time: the database serialises them anyway, the awaits overlap.
        for (let i = 0; i < cases.length; i += 8) {
          await Promise.all(
            cases.slice(i, i + 8).map(async (c, j) => {
              const res = await run(c, createRng(seed + i + j))
              sent++
              if (res.status >= 500) failures.push({ key: `${route.method} ${route.path} ${res.status}`, text: describeCase(seed, i + j, c, res.status, await res.text()) })
              else await res.body?.cancel()
            }),
          )
        }
      }
      expect(sent).toBe(routes.length * BODIES_PER_ROUTE)
      // One example per route and status, with what the server logged (names and messages, never a body).
      const byRoute = new Map<string, string>()
      for (const f of failures) byRoute.set(f.key, byRoute.get(f.key) ?? f.text)
      expect([...byRoute.values()], `${failures.length} answers ≥ 500 (seed ${SEED}); logged: ${[...new Set(logged)].slice(0, 20).join(' | ')}\n${[...byRoute.values()].join('\n')}`).toEqual([])
    }, 600_000)
  })
}
