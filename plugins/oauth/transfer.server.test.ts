import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { startGithubStandin, type GithubStandin } from '../../test/standins/githubStandin.js'
import { expectError, expectTransferOffer, ownerOf, refreshStatus, tokensOf, userExists, userOf } from '../../test/kit/transferKit.js'
import { emailServer } from '../email/server.js'
import { oauthServer } from './server.js'

const CALLBACK = 'http://foyer.test/api/v1/oauth/callback'
const REDIRECT_TO = 'http://localhost:5173/'
const b64 = (bytes = 36) => randomBytes(bytes).toString('base64url')
const s256 = (v: string) => createHash('sha256').update(v).digest('base64url')
let github: GithubStandin
let t: TestServer
let nextId = 8100
const transfer = (token: string, body: unknown) => t.request('/api/v1/oauth/transfer', { token, body })

beforeAll(async () => {
  github = await startGithubStandin()
  t = await createTestServer({
    plugins: [emailServer(), oauthServer({ callbackUrl: CALLBACK })],
    app: { github: true, oauth: { github: github.githubConfig(), redirect_urls: [REDIRECT_TO] } },
    rateLimits: { 'email.send.ip': { limit: 10_000 } },
  })
})
afterAll(async () => {
  await t?.close()
  await github?.close()
})

/** init → the GitHub stand-in → our callback: the one-time Foyer code and the client's PKCE verifier. */
async function authorized() {
  const state = b64()
  const verifier = b64()
  const init = await t.request('/api/v1/oauth/init', { body: { provider: 'github', redirect_to: REDIRECT_TO, token: null, code_challenge: s256(verifier), state_code: state } })
  let next = ((await init.json()) as { url: string }).url
  for (let hop = 0; hop < 10 && !next.startsWith(CALLBACK); hop++) {
    const res = await fetch(next, { redirect: 'manual' })
    next = new URL(res.headers.get('location')!, next).href
  }
  const back = new URL((await t.request(next.slice('http://foyer.test'.length), { noAppId: true })).headers.get('location')!)
  return { authorization_code: back.searchParams.get('foyer_oauth_code')!, state_code: state, code_verifier: verifier }
}

/** A signed up with GitHub; B (e-mail) links the same GitHub account. */
async function conflict(tag: string) {
  const id = nextId++
  github.user = { id, login: `octo${id}`, name: 'Octo', email: null }
  const a = await tokensOf(await t.request('/api/v1/oauth/authenticate', { body: { ...(await authorized()), mode: 'login-or-sign-up' } }))
  const b = await t.login(`oauth-b-${tag}@example.com`)
  const data = await expectTransferOffer(await t.request('/api/v1/oauth/link', { token: b.token!, body: await authorized() }))
  return { id: String(id), a, b, data }
}

describe('OAuth account transfer', () => {
  it('link conflict → 400 with {userInfo}; transfer moves the provider account and deletes the other user; replay refused', async () => {
    const { id, a, b, data } = await conflict('ok')
    expect(data).toMatchObject({ account_type: 'github_oauth', display_name: `octo${id}`, account: { userInfo: { provider: 'github', subject: id, username: `octo${id}` } } })
    const user = await userOf(await transfer(b.token!, { ...data.account, nonce: data.nonce }))
    expect(user.linkedAccounts).toContainEqual(expect.objectContaining({ type: 'github_oauth', subject: id, username: `octo${id}` }))
    expect(await userExists(t, a.user.id)).toBe(false)
    expect(await refreshStatus(t, a.refresh_token!)).toBe(401)
    await expectError(await transfer(b.token!, { ...data.account, nonce: data.nonce }), 400, 'invalid_transfer_nonce')
  })

  it('profile fields in the body never overwrite the provider’s; malformed bodies and other subjects change nothing', async () => {
    const { id, a, b, data } = await conflict('bad')
    const info = data.account.userInfo as Record<string, unknown>
    for (const body of [{ nonce: data.nonce }, { userInfo: { ...info, provider: 'myspace' }, nonce: data.nonce }, { userInfo: { ...info, subject: '' }, nonce: data.nonce }, { userInfo: info }]) {
      await expectError(await transfer(b.token!, body), 400, 'invalid_data')
    }
    await expectError(await transfer(b.token!, { userInfo: { ...info, subject: '1' }, nonce: data.nonce }), 400, 'invalid_transfer_nonce')
    await expectError(await transfer(b.token!, { userInfo: { ...info, provider: 'google' }, nonce: data.nonce }), 403, 'disallowed_login_method')
    expect(await ownerOf(t, 'github_oauth', id)).toBe(a.user.id)
    const user = await userOf(await transfer(b.token!, { userInfo: { ...info, username: 'forged', email: 'forged@example.com' }, nonce: data.nonce }))
    expect(user.linkedAccounts).toContainEqual(expect.objectContaining({ type: 'github_oauth', subject: id, username: `octo${id}`, email: null }))
  })
})
