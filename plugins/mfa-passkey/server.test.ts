import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MFA_LOCKOUT_FAILURES } from '../../core/server/mfaLockout.js'
import { createTestServer, TEST_ORIGIN, type TestServer } from '../../test/kit/createTestServer.js'
import { createSoftAuthenticator, type CeremonyOverrides } from '../../test/kit/softAuthenticator.js'
import { emailServer } from '../email/server.js'
import { loadPasskeyKit, passkeyPaths, type RegistrationOptions } from '../passkey/index.js'
import { passkeyServer } from '../passkey/server.js'
import { mfaPasskeyPaths } from './api.js'
import type { MfaPasskeyOptions } from './schema.js'
import { mfaPasskeyServer } from './server.js'

let t: TestServer
/** The wallet frame's origin (another port of the same host, as in dev): passkey MFA runs in it. */
const WALLET_ORIGIN = 'http://localhost:5174'
let clock = Date.parse('2026-01-01T00:00:00Z')
const soft = createSoftAuthenticator()
// The browser side of the WebAuthn wire mappings, as the passkey plugin lends them to this one.
const { authenticationResponseToWire, creationOptionsFromWire, registrationResponseToWire, requestOptionsFromWire } = await loadPasskeyKit()

beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), passkeyServer(), mfaPasskeyServer()],
    app: { passkey: true, mfa_methods: ['passkey'] },
    now: () => clock,
    walletOrigin: WALLET_ORIGIN,
    rateLimits: { 'passkey.init.ip': { limit: 10_000 }, 'mfa.init.user': { limit: 10_000 } },
  })
})
afterAll(() => t.close())

const post = async (path: string, token: string, body: unknown = {}) => {
  const res = await t.request(path, { token, body, headers: { origin: TEST_ORIGIN } })
  return { status: res.status, body: await res.json() }
}

/** Logs `email` in and links `n` passkeys (the soft authenticator's); answers the token and the credential ids. */
async function withPasskeys(email: string, n = 1) {
  const { token, user } = await t.login(email)
  const ids: string[] = []
  for (let i = 0; i < n; i++) {
    const init = await post(passkeyPaths.linkInit, token!)
    const created = soft.create(creationOptionsFromWire(init.body.options as RegistrationOptions), { origin: TEST_ORIGIN })
    const linked = await post(passkeyPaths.link, token!, { relying_party: init.body.relying_party, authenticator_response: registrationResponseToWire(created) })
    expect(linked.status).toBe(200)
    ids.push(created.id)
  }
  return { token: token!, ids, userId: user.id }
}

/** Core's init for the passkey method, then the soft authenticator's assertion of `credentialId` over its options. */
async function assert(token: string, credentialId: string, over: Partial<CeremonyOverrides> = {}, path = '/api/v1/mfa/init') {
  const init = await post(path, token, path === '/api/v1/mfa/init' ? { method: 'passkey' } : {})
  expect(init.status).toBe(200)
  const options = init.body.options as MfaPasskeyOptions
  return { options, response: authenticationResponseToWire(soft.get(requestOptionsFromWire(options.rp_id, options), credentialId, { origin: TEST_ORIGIN, ...over })) }
}
const verify = (token: string, code: unknown) => post('/api/v1/mfa/verify', token, { method: 'passkey', code })
const attempts = async (userId: string) =>
  Number((await t.server.db.query<{ attempts: number }>("SELECT attempts FROM mfa_challenges WHERE method = 'passkey' AND user_id = $1", [userId]))[0]?.attempts ?? -1)
const counterOf = async (id: string) => Number((await t.server.db.query<{ counter: number }>('SELECT counter FROM passkey_credentials WHERE credential_id = $1', [id]))[0]!.counter)

describe('passkey MFA enrollment', () => {
  it('enrolls the listed passkeys: enrolledInMfa on the account, passkey in mfaMethods; an empty list unenrolls', async () => {
    const { token, ids } = await withPasskeys('enroll@example.com', 2)
    const done = await post(mfaPasskeyPaths.enroll, token, { credentialIds: [ids[1]] })
    expect(done.status).toBe(200)
    expect(done.body.mfaMethods).toEqual(['passkey'])
    const flags = Object.fromEntries(done.body.linkedAccounts.filter((a: { type: string }) => a.type === 'passkey').map((a: { credentialId: string; enrolledInMfa: boolean }) => [a.credentialId, a.enrolledInMfa]))
    expect(flags).toEqual({ [ids[0]!]: false, [ids[1]!]: true })

    // Removing needs a fresh verification of this session: the passkey answers it.
    expect((await post(mfaPasskeyPaths.enroll, token, { credentialIds: [] })).body.code).toBe('missing_or_invalid_mfa')
    const { response } = await assert(token, ids[1]!)
    expect((await verify(token, response)).status).toBe(200)
    const removed = await post(mfaPasskeyPaths.enroll, token, { credentialIds: [] })
    expect([removed.status, removed.body.mfaMethods]).toEqual([200, []])
    expect(removed.body.linkedAccounts.filter((a: { enrolledInMfa?: boolean }) => a.enrolledInMfa).length).toBe(0)
  })

  it("refuses another user's passkey (or an unknown id) with 400 and changes nothing", async () => {
    const other = await withPasskeys('owner@example.com')
    const { token, ids } = await withPasskeys('thief@example.com')
    for (const credentialIds of [[other.ids[0]], [ids[0], other.ids[0]], ['bm90LWEta2V5']]) {
      const res = await post(mfaPasskeyPaths.enroll, token, { credentialIds })
      expect([res.status, res.body.code]).toEqual([400, 'mfa_passkey_not_found'])
    }
    for (const credentialIds of ['x', [42], null]) expect((await post(mfaPasskeyPaths.enroll, token, { credentialIds })).status).toBe(400)
    const flagged = await t.server.db.query(`SELECT 1 FROM linked_accounts WHERE data @> '{"enrolledInMfa": true}'::jsonb AND identifier = ANY($1::text[])`, [[...ids, ...other.ids]])
    expect(flagged.length).toBe(0)
  })

  it('refuses unlinking a passkey enrolled in MFA; once unenrolled it unlinks', async () => {
    const { token, ids } = await withPasskeys('unlink@example.com', 2)
    await post(mfaPasskeyPaths.enroll, token, { credentialIds: [ids[0]] })
    const refused = await post(passkeyPaths.unlink, token, { credential_id: ids[0] })
    expect([refused.status, refused.body]).toEqual([400, { error: 'Cannot unlink a passkey enrolled in MFA', code: 'passkey_enrolled_in_mfa' }])
    expect((await t.server.db.query('SELECT 1 FROM passkey_credentials WHERE credential_id = $1', [ids[0]])).length).toBe(1)
    // The other one isn't enrolled: it unlinks.
    expect((await post(passkeyPaths.unlink, token, { credential_id: ids[1] })).status).toBe(200)
  })

  it('is refused when the app does not offer passkey MFA', async () => {
    const off = await createTestServer({ plugins: [emailServer(), passkeyServer(), mfaPasskeyServer()], app: { passkey: true, mfa_methods: ['totp'] } })
    try {
      const { token } = await off.login('off@example.com')
      const res = await off.request(mfaPasskeyPaths.enroll, { token: token!, body: { credentialIds: ['abc'] } })
      expect(res.status).toBe(403)
    } finally {
      await off.close()
    }
  })
})

describe('passkey MFA verification (core /api/v1/mfa with the passkey method)', () => {
  it('answers options allowing only the enrolled passkeys, on both init paths; the assertion passes once and moves the counter', async () => {
    const { token, ids } = await withPasskeys('verify@example.com', 2)
    await post(mfaPasskeyPaths.enroll, token, { credentialIds: [ids[0]] })
    const { options, response } = await assert(token, ids[0]!, {}, mfaPasskeyPaths.init)
    expect(options.rp_id).toBe('localhost')
    expect(options.allow_credentials.map((c) => c.id)).toEqual([ids[0]])
    expect(options.user_verification).toBe('required')
    const before = await counterOf(ids[0]!)
    expect((await verify(token, response)).status).toBe(200)
    expect(await counterOf(ids[0]!)).toBeGreaterThan(before)
    // The challenge is spent: the same assertion can't pass again, even under a new challenge.
    expect((await verify(token, response)).body.code).toBe('missing_or_invalid_mfa')
    await post('/api/v1/mfa/init', token, { method: 'passkey' })
    expect((await verify(token, response)).body.code).toBe('missing_or_invalid_mfa')
  })

  it('a bad assertion fails and counts an attempt: wrong challenge, origin or top page, no user verification; then the right one passes', async () => {
    const { token, ids, userId } = await withPasskeys('bad@example.com')
    await post(mfaPasskeyPaths.enroll, token, { credentialIds: [ids[0]] })
    const bad: Array<Partial<CeremonyOverrides>> = [
      { challenge: 'c29tZS1vdGhlci1jaGFsbGVuZ2U' },
      { origin: 'http://evil.example' },
      { userVerified: false },
      // The wallet frame embedded by a page that isn't the app's; another frame origin in the app's page; the wallet
      // origin as a top page; an app page claiming a top page.
      { origin: WALLET_ORIGIN, topOrigin: 'http://evil.example' },
      { origin: 'http://localhost:5175', topOrigin: TEST_ORIGIN },
      { origin: WALLET_ORIGIN },
      { origin: TEST_ORIGIN, topOrigin: 'http://evil.example' },
    ]
    // 3 wrong answers per challenge (the 4th would block it), then the right one under the last.
    for (let i = 0; i < bad.length; i += 3) {
      const { options, response: good } = await assert(token, ids[0]!)
      const batch = bad.slice(i, i + 3)
      for (const over of batch) {
        const response = authenticationResponseToWire(soft.get(requestOptionsFromWire(options.rp_id, options), ids[0]!, { origin: TEST_ORIGIN, ...over }))
        const res = await verify(token, response)
        expect([res.status, res.body.code]).toEqual([403, 'missing_or_invalid_mfa'])
      }
      expect(await attempts(userId)).toBe(batch.length)
      if (i + 3 >= bad.length) expect((await verify(token, good)).status).toBe(200)
    }
  })

  it("passes an assertion made in the wallet frame (origin the wallet's, top origin the app's page) and lets a sensitive call through", async () => {
    const { token, ids } = await withPasskeys('frame@example.com')
    await post(mfaPasskeyPaths.enroll, token, { credentialIds: [ids[0]] })
    const init = await post(mfaPasskeyPaths.init, token)
    const options = init.body.options as MfaPasskeyOptions
    const inFrame = authenticationResponseToWire(soft.get(requestOptionsFromWire(options.rp_id, options), ids[0]!, { origin: WALLET_ORIGIN, topOrigin: TEST_ORIGIN }))
    expect(JSON.parse(Buffer.from(inFrame.response.client_data_json, 'base64url').toString())).toMatchObject({ origin: WALLET_ORIGIN, crossOrigin: true, topOrigin: TEST_ORIGIN })
    expect((await verify(token, inFrame)).status).toBe(200)
    // Recorded for the session: removing the method (a requireMfa route) now passes.
    expect((await post(mfaPasskeyPaths.enroll, token, { credentialIds: [] })).status).toBe(200)
  })

  it('counts 4 attempts per challenge', async () => {
    const { token, ids, userId } = await withPasskeys('count@example.com', 2)
    await post(mfaPasskeyPaths.enroll, token, { credentialIds: [ids[0]] })
    const { response } = await assert(token, ids[0]!)
    // Signed by a passkey that isn't enrolled: well-formed, wrong.
    const wrong = { ...response, id: ids[1]!, raw_id: ids[1]! }
    for (let i = 0; i < 3; i++) expect((await verify(token, wrong)).body.code).toBe('missing_or_invalid_mfa')
    expect(await attempts(userId)).toBe(3)
    expect((await verify(token, wrong)).body.code).toBe('mfa_verification_max_attempts_reached')
    expect((await verify(token, response)).body.code).toBe('mfa_verification_max_attempts_reached')
  })

  it('refuses a string (or malformed) answer with 400 and counts no attempt', async () => {
    const { token, ids, userId } = await withPasskeys('string@example.com')
    await post(mfaPasskeyPaths.enroll, token, { credentialIds: [ids[0]] })
    const { response } = await assert(token, ids[0]!)
    for (const code of ['123456', JSON.stringify(response), { id: ids[0] }]) expect((await verify(token, code)).status).toBe(400)
    expect(await attempts(userId)).toBe(0)
    expect((await verify(token, response)).status).toBe(200)
  })

  it('needs an enrolled passkey to start', async () => {
    const { token } = await withPasskeys('none@example.com')
    expect((await post('/api/v1/mfa/init', token, { method: 'passkey' })).status).toBe(400)
    expect((await post(mfaPasskeyPaths.init, token)).status).toBe(400)
  })
})

describe('lockout', () => {
  it('a locked passkey method answers 403 mfa_method_locked to both init paths; unenrolling (an empty list) drops the lock', async () => {
    const { token, ids, userId } = await withPasskeys('locked@example.com')
    expect((await post(mfaPasskeyPaths.enroll, token, { credentialIds: ids })).status).toBe(200)
    const { response } = await assert(token, ids[0]!)
    expect((await verify(token, response)).status).toBe(200)
    await t.server.db.query("INSERT INTO mfa_lockouts (user_id, method, failures, locked_at) VALUES ($1, 'passkey', $2, $3)", [userId, MFA_LOCKOUT_FAILURES, new Date(clock)])
    expect((await post(mfaPasskeyPaths.init, token)).body.code).toBe('mfa_method_locked')
    expect((await post('/api/v1/mfa/init', token, { method: 'passkey' })).body.code).toBe('mfa_method_locked')
    expect((await post(mfaPasskeyPaths.enroll, token, { credentialIds: [] })).body.mfaMethods).toEqual([])
    expect(await t.server.ctx.mfa.lockout.locked(userId)).toEqual([])
  })
})

describe('cross-site requests (Fetch Metadata)', () => {
  it('refuses enrollment from another site (Sec-Fetch-Site: cross-site) and changes nothing', async () => {
    const { token, ids, userId } = await withPasskeys('crosssite@example.com')
    const res = await t.request(mfaPasskeyPaths.enroll, { token, body: { credentialIds: ids }, headers: { origin: TEST_ORIGIN, 'sec-fetch-site': 'cross-site' } })
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([403, 'cross_site_request'])
    expect((await t.server.ctx.mfa.methods(userId))).toEqual([])
    const init = await t.request(mfaPasskeyPaths.init, { token, body: {}, headers: { origin: TEST_ORIGIN, 'sec-fetch-site': 'cross-site' } })
    expect(init.status).toBe(403)
    expect((await post(mfaPasskeyPaths.enroll, token, { credentialIds: ids })).body.mfaMethods).toEqual(['passkey'])
  })
})
