import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { RawUser, TokenResponse } from '../../core/protocol/index.js'
import { createTestServer, TEST_ORIGIN, type TestServer } from '../../test/kit/createTestServer.js'
import { createSoftAuthenticator, type CeremonyOverrides } from '../../test/kit/softAuthenticator.js'
import { emailServer } from '../email/server.js'
import { passkeyPaths } from './api.js'
import type { AuthenticationOptions, RegistrationOptions } from './schema.js'
import { passkeyServer } from './server.js'
import { authenticationResponseToWire, creationOptionsFromWire, registrationResponseToWire, requestOptionsFromWire } from '../../core/protocol/webauthnWire.js'

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const ONE_PASSWORD = 'bada5566-a7aa-401f-bd96-45619a55120d'

let t: TestServer
let clock = Date.now()
const soft = createSoftAuthenticator({ aaguid: ONE_PASSWORD })

beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), passkeyServer()],
    app: { passkey: true },
    now: () => clock,
    rateLimits: { 'passkey.init.ip': { limit: 10_000 } },
  })
})
afterAll(() => t.close())
beforeEach(() => {
  clock = Date.now()
})

const browser = { origin: TEST_ORIGIN, 'user-agent': CHROME_LINUX }
const post = (path: string, body: unknown, init: { token?: string; headers?: Record<string, string> } = {}) =>
  t.request(path, { body, headers: { ...browser, ...init.headers }, ...(init.token ? { token: init.token } : {}) })
const json = async <T = any>(res: Response) => (await res.json()) as T
const count = async (table: string) => Number((await t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n)

type RegInit = { relying_party: string; options: RegistrationOptions }
type AuthInit = { relying_party: string; options: AuthenticationOptions }

/** register/init (or link/init with a token), then the soft authenticator's attestation. */
async function attest(kind: 'register' | 'link', over: Partial<CeremonyOverrides> = {}, token?: string) {
  const init = await post(kind === 'register' ? passkeyPaths.registerInit : passkeyPaths.linkInit, {}, token ? { token } : {})
  expect(init.status).toBe(200)
  const { relying_party, options } = await json<RegInit>(init)
  const created = soft.create(creationOptionsFromWire(options), { origin: TEST_ORIGIN, ...over })
  return { relying_party, options, body: { relying_party, authenticator_response: registrationResponseToWire(created) } }
}

async function signup(over: Partial<CeremonyOverrides> = {}) {
  const { body } = await attest('register', over)
  const res = await post(passkeyPaths.register, body)
  expect(res.status).toBe(200)
  const tokens = await json<TokenResponse>(res)
  return { tokens, credentialId: body.authenticator_response.id }
}

async function assertion(credentialId: string, over: Partial<CeremonyOverrides> = {}) {
  const init = await post(passkeyPaths.authenticateInit, { token: null })
  expect(init.status).toBe(200)
  const { relying_party, options } = await json<AuthInit>(init)
  const got = soft.get(requestOptionsFromWire(relying_party, options), credentialId, { origin: TEST_ORIGIN, ...over })
  return { relying_party, challenge: options.challenge, authenticator_response: authenticationResponseToWire(got) }
}

async function link(token: string, over: Partial<CeremonyOverrides> = {}) {
  const { body } = await attest('link', over, token)
  return post(passkeyPaths.link, body, { token })
}

describe('passkey signup (register/init + register)', () => {
  it('creates a user with the spec passkey account; the result has no identity_token', async () => {
    const { tokens, credentialId } = await signup()
    expect(tokens.is_new_user).toBe(true)
    expect(tokens.token).toBeTruthy()
    expect(tokens.refresh_token).toBeTruthy()
    expect('identity_token' in tokens).toBe(false)
    const account = tokens.user.linkedAccounts[0]!
    expect(account).toMatchObject({
      type: 'passkey',
      credentialId,
      authenticatorName: '1Password',
      createdWithBrowser: 'Chrome',
      createdWithOs: 'Linux',
      enrolledInMfa: false,
    })
    expect(account.verifiedAt).toBeTypeOf('number')
    expect(account.firstVerifiedAt).toBe(account.verifiedAt)
    expect(account.latestVerifiedAt).toBe(account.verifiedAt)
  })

  it('answers creation options for the origin host, with a fresh random challenge stored only hashed', async () => {
    const a = await json<RegInit>(await post(passkeyPaths.registerInit, {}))
    const b = await json<RegInit>(await post(passkeyPaths.registerInit, {}))
    expect(a.relying_party).toBe('localhost')
    expect(a.options.rp.id).toBe('localhost')
    expect(Buffer.from(a.options.challenge, 'base64url').length).toBeGreaterThanOrEqual(16)
    expect(a.options.challenge).not.toBe(b.options.challenge)
    expect(a.options.authenticator_selection).toMatchObject({ resident_key: 'required', user_verification: 'required' })
    expect(a.options.attestation).toBe('none')
    const rows = await t.server.db.query<{ challenge_hash: string }>('SELECT challenge_hash FROM passkey_challenges')
    expect(rows.some((r) => r.challenge_hash === a.options.challenge)).toBe(false)
  })

  it('refuses an attestation without user verification', async () => {
    const { body } = await attest('register', { userVerified: false })
    const res = await post(passkeyPaths.register, body)
    expect(res.status).toBe(401)
    expect((await json(res)).code).toBe('invalid_credentials')
  })

  it('refuses a duplicate credential id (nothing stored, nobody logged in)', async () => {
    const { credentialId } = await signup()
    const users = await count('users')
    const { body } = await attest('register', { credentialId })
    const res = await post(passkeyPaths.register, body)
    expect(res.status).toBe(400)
    expect((await json(res)).code).toBe('credential_already_registered')
    expect(await count('users')).toBe(users)
  })

  it('refuses when the app disables signup', async () => {
    const closed = await createTestServer({ plugins: [emailServer(), passkeyServer()], app: { passkey: true, disable_signup: true } })
    const res = await closed.request(passkeyPaths.registerInit, { body: {}, headers: browser })
    expect(res.status).toBe(404)
    expect((await json(res)).code).toBe('user_does_not_exist')
    await closed.close()
  })
})

describe('passkey login (authenticate/init + authenticate)', () => {
  it('answers the spec challenge options and logs the owner in without identity_token', async () => {
    const { tokens, credentialId } = await signup()
    const init = await json<AuthInit>(await post(passkeyPaths.authenticateInit, { token: null }))
    expect(init.relying_party).toBe('localhost')
    expect(init.options).toMatchObject({ allow_credentials: [], user_verification: 'required', timeout: 60000 })
    expect(Buffer.from(init.options.challenge, 'base64url').length).toBeGreaterThanOrEqual(16)

    const body = await assertion(credentialId)
    const res = await post(passkeyPaths.authenticate, body)
    expect(res.status).toBe(200)
    const login = await json<TokenResponse>(res)
    expect(login.user.id).toBe(tokens.user.id)
    expect(login.is_new_user).toBe(false)
    expect('identity_token' in login).toBe(false)
    const [row] = await t.server.db.query<{ counter: string }>('SELECT counter FROM passkey_credentials WHERE credential_id = $1', [credentialId])
    expect(Number(row!.counter)).toBe(1)
  })

  it('rejects a reused challenge', async () => {
    const { credentialId } = await signup()
    const body = await assertion(credentialId)
    expect((await post(passkeyPaths.authenticate, body)).status).toBe(200)
    const again = await post(passkeyPaths.authenticate, body)
    expect(again.status).toBe(401)
    expect((await json(again)).error).toBe('Invalid or expired passkey challenge')
  })

  it('rejects an expired challenge (5 minutes)', async () => {
    const { credentialId } = await signup()
    const body = await assertion(credentialId)
    clock += 301_000
    const res = await post(passkeyPaths.authenticate, body)
    expect(res.status).toBe(401)
    expect((await json(res)).code).toBe('invalid_credentials')
  })

  it('rejects a wrong origin in the client data, and a request from an origin the app does not allow', async () => {
    const { credentialId } = await signup()
    const body = await assertion(credentialId, { origin: 'http://evil.example' })
    expect((await post(passkeyPaths.authenticate, body)).status).toBe(401)

    const foreign = await post(passkeyPaths.authenticateInit, {}, { headers: { origin: 'http://evil.example' } })
    expect(foreign.status).toBe(403)
    expect((await json(foreign)).code).toBe('invalid_origin')
    const none = await t.request(passkeyPaths.authenticateInit, { body: {} })
    expect(none.status).toBe(400)
    expect((await json(none)).code).toBe('invalid_origin')
  })

  it('rejects a wrong rpId, in the authenticator data or in relying_party', async () => {
    const { credentialId } = await signup()
    expect((await post(passkeyPaths.authenticate, await assertion(credentialId, { rpId: 'evil.example' }))).status).toBe(401)
    const body = await assertion(credentialId)
    expect((await post(passkeyPaths.authenticate, { ...body, relying_party: 'evil.example' })).status).toBe(401)
  })

  it('rejects an assertion without user verification, a lowered counter and an unknown credential', async () => {
    const { credentialId } = await signup()
    expect((await post(passkeyPaths.authenticate, await assertion(credentialId, { userVerified: false }))).status).toBe(401)
    expect((await post(passkeyPaths.authenticate, await assertion(credentialId, { counter: 5 }))).status).toBe(200)
    expect((await post(passkeyPaths.authenticate, await assertion(credentialId, { counter: 3 }))).status).toBe(401)
    const body = await assertion(credentialId)
    const unknown = { ...body.authenticator_response, id: 'AAAA', raw_id: 'AAAA' }
    expect((await post(passkeyPaths.authenticate, { ...body, authenticator_response: unknown })).status).toBe(401)
  })

  it('rejects a challenge issued for another ceremony', async () => {
    const { credentialId } = await signup()
    const { options } = await attest('register')
    const body = await assertion(credentialId)
    const res = await post(passkeyPaths.authenticate, { ...body, challenge: options.challenge })
    expect(res.status).toBe(401)
  })

  it('limits challenges per IP (stored in the database)', async () => {
    const limited = await createTestServer({ plugins: [emailServer(), passkeyServer()], app: { passkey: true }, rateLimits: { 'passkey.init.ip': { limit: 2 } } })
    const ask = () => limited.request(passkeyPaths.authenticateInit, { body: {}, headers: browser })
    expect((await ask()).status).toBe(200)
    expect((await ask()).status).toBe(200)
    const third = await ask()
    expect(third.status).toBe(429)
    expect((await json(third)).code).toBe('too_many_requests')
    await limited.close()
  })

  it('is refused when the app does not enable passkeys', async () => {
    const off = await createTestServer({ plugins: [emailServer(), passkeyServer()] })
    const res = await off.request(passkeyPaths.authenticateInit, { body: {}, headers: browser })
    expect(res.status).toBe(403)
    expect((await json(res)).code).toBe('disallowed_login_method')
    await off.close()
  })
})

describe('link and unlink', () => {
  it('links up to 5 passkeys; the 6th is refused at init and at link', async () => {
    const { tokens } = await signup()
    for (let i = 0; i < 3; i++) expect((await link(tokens.token!)).status).toBe(200)
    // A challenge taken while the user had 4, used after the 5th was linked.
    const early = await attest('link', {}, tokens.token!)
    const fifth = await link(tokens.token!)
    expect(fifth.status).toBe(200)
    const user = await json<RawUser>(fifth)
    expect(user.linkedAccounts.filter((a) => a.type === 'passkey')).toHaveLength(5)

    const init = await post(passkeyPaths.linkInit, {}, { token: tokens.token! })
    expect(init.status).toBe(400)
    expect(await json(init)).toMatchObject({ code: 'cannot_link_more_of_type', error: 'Cannot link more passkeys to account.' })
    const late = await post(passkeyPaths.link, early.body, { token: tokens.token! })
    expect(late.status).toBe(400)
    expect((await json(late)).error).toBe('Cannot link more passkeys to account.')
  })

  it('links to an e-mail user, excluding its existing credentials, and refuses a duplicate credential id', async () => {
    const session = await t.login('linker@example.com')
    expect((await link(session.token!)).status).toBe(200)
    const { options, body } = await attest('link', {}, session.token!)
    expect(options.exclude_credentials).toHaveLength(1)
    expect(options.user.name).toBe('linker@example.com')
    void body
    const { credentialId } = await signup()
    const dup = await link(session.token!, { credentialId })
    expect(dup.status).toBe(400)
    expect((await json(dup)).code).toBe('credential_already_registered')
  })

  it('link needs a session and the challenge of that user', async () => {
    const a = await t.login('a.pk@example.com')
    const b = await t.login('b.pk@example.com')
    const { body } = await attest('link', {}, a.token!)
    expect((await post(passkeyPaths.link, body)).status).toBe(401)
    expect((await post(passkeyPaths.link, body, { token: b.token! })).status).toBe(401)
  })

  it('unlinks a passkey (which then cannot log in) but refuses one enrolled in MFA', async () => {
    const { tokens, credentialId } = await signup()
    const linked = await json<RawUser>(await link(tokens.token!))
    const second = linked.linkedAccounts.find((a) => a.type === 'passkey' && a.credentialId !== credentialId)!.credentialId as string

    await t.server.db.query(`UPDATE linked_accounts SET data = data || '{"enrolledInMfa": true}'::jsonb WHERE identifier = $1`, [second])
    const refused = await post(passkeyPaths.unlink, { credential_id: second }, { token: tokens.token! })
    expect(refused.status).toBe(400)
    expect(await json(refused)).toMatchObject({ code: 'passkey_enrolled_in_mfa', error: 'Cannot unlink a passkey enrolled in MFA' })

    const res = await post(passkeyPaths.unlink, { credential_id: credentialId }, { token: tokens.token! })
    expect(res.status).toBe(200)
    const user = await json<RawUser>(res)
    expect(user.linkedAccounts.map((a) => a.credentialId)).toEqual([second])
    expect((await post(passkeyPaths.authenticate, await assertion(credentialId))).status).toBe(401)
    expect((await post(passkeyPaths.unlink, { credential_id: credentialId }, { token: tokens.token! })).status).toBe(404)
  })
})

describe('malformed bodies are 400 invalid_data and store nothing', () => {
  let session: TokenResponse
  beforeAll(async () => {
    session = await t.login('malformed@example.com')
  })

  it.each([
    ['authenticate without fields', passkeyPaths.authenticate, {}],
    ['authenticate with a non-base64url id', passkeyPaths.authenticate, { relying_party: 'localhost', challenge: 'abc', authenticator_response: { id: 'a b', raw_id: 'a b', type: 'public-key', response: {} } }],
    ['authenticate with a huge challenge', passkeyPaths.authenticate, { relying_party: 'localhost', challenge: 'a'.repeat(5000), authenticator_response: {} }],
    ['register with a wrong type', passkeyPaths.register, { relying_party: 'localhost', authenticator_response: { id: 'AA', raw_id: 'AA', type: 'password', response: { client_data_json: 'AA', attestation_object: 'AA' } } }],
    ['register with a bad relying_party', passkeyPaths.register, { relying_party: 'local host/', authenticator_response: {} }],
    ['unlink without credential_id', passkeyPaths.unlink, {}],
    ['init with a non-string token', passkeyPaths.authenticateInit, { token: 5 }],
    ['body that is not JSON', passkeyPaths.authenticate, '{not json'],
  ])('%s', async (_name, path, body) => {
    const [challenges, credentials] = [await count('passkey_challenges'), await count('passkey_credentials')]
    const res = await post(path, body, { token: session.token! })
    expect(res.status).toBe(400)
    expect((await json(res)).code).toBe('invalid_data')
    expect(await count('passkey_challenges')).toBe(challenges)
    expect(await count('passkey_credentials')).toBe(credentials)
  })

  it('a registration whose client data is not JSON is refused before its challenge is touched', async () => {
    const { body } = await attest('register')
    const broken = { ...body, authenticator_response: { ...body.authenticator_response, response: { ...body.authenticator_response.response, client_data_json: 'bm90IGpzb24' } } }
    const res = await post(passkeyPaths.register, broken)
    expect(res.status).toBe(400)
    expect((await json(res)).code).toBe('invalid_data')
    // The real response still works: nothing was consumed.
    expect((await post(passkeyPaths.register, body)).status).toBe(200)
  })
})
