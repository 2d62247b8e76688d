import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as v from 'valibot'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestServer, TEST_APP_ID, TEST_ORIGIN } from '../../test/kit/createTestServer.js'
import type { TestServer } from '../../test/kit/createTestServer.js'
import { emailServer } from '../../plugins/email/server.js'
import { AllowlistEntrySchema, matchesAllowlist } from './appPolicy.js'
import { createServer } from './createServer.js'

const quiet = { info() {}, warn() {}, error() {} }
const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

const userCount = async (t: TestServer) =>
  (await t.server.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n
const accountCount = async (t: TestServer) =>
  (await t.server.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM linked_accounts'))[0]!.n

/** Sends a code to `email` and answers the authenticate response. */
async function signIn(t: TestServer, email: string) {
  const init = await t.request('/api/v1/passwordless/init', { body: { email } })
  expect(init.status).toBe(200)
  return t.request('/api/v1/passwordless/authenticate', { body: { email, code: await t.lastCode(email) } })
}

describe('allowlist entries', () => {
  it('accept e-mails, domain wildcards, E.164 phones, 0x addresses and raw identifiers', () => {
    for (const entry of ['alice@example.com', '*@company.com', '+14155550100', `0x${'aB'.repeat(20)}`, '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV']) {
      expect(v.safeParse(AllowlistEntrySchema, entry).success, entry).toBe(true)
    }
  })
  it('refuse malformed entries', () => {
    for (const entry of ['', ' ', 'alice@', '*@', '*.company.com', '*@*.com', '+0123', '+1 415 555', '0x1234', 'a b']) {
      expect(v.safeParse(AllowlistEntrySchema, entry).success, entry).toBe(false)
    }
  })
})

describe('matchesAllowlist', () => {
  const list = ['alice@example.com', '*@company.com', '+14155550100', `0x${'ab'.repeat(20)}`, 'SoLaNaAddr111']
  const email = (address: string) => ({ type: 'email', identifier: address, data: { address } })
  it('matches e-mails exactly or by domain, case-insensitively', () => {
    expect(matchesAllowlist(list, email('alice@example.com'))).toBe(true)
    expect(matchesAllowlist(list, email('ALICE@example.com'))).toBe(true)
    expect(matchesAllowlist(list, email('bob@company.com'))).toBe(true)
    expect(matchesAllowlist(list, email('bob@example.com'))).toBe(false)
    expect(matchesAllowlist(list, email('bob@evilcompany.com'))).toBe(false)
    expect(matchesAllowlist(list, email('bob@company.com.evil.io'))).toBe(false)
  })
  it('matches phones exactly and wallets case-insensitively', () => {
    expect(matchesAllowlist(list, { type: 'phone', identifier: '+14155550100' })).toBe(true)
    expect(matchesAllowlist(list, { type: 'phone', identifier: '+14155550101' })).toBe(false)
    expect(matchesAllowlist(list, { type: 'wallet', identifier: `0x${'AB'.repeat(20)}` })).toBe(true)
    expect(matchesAllowlist(list, { type: 'wallet', identifier: `0x${'ac'.repeat(20)}` })).toBe(false)
  })
  it('matches OAuth accounts by their verified e-mail; other types only by exact identifier', () => {
    expect(matchesAllowlist(list, { type: 'google_oauth', identifier: '1234', data: { email: 'carol@company.com' } })).toBe(true)
    expect(matchesAllowlist(list, { type: 'google_oauth', identifier: '1234', data: { email: 'carol@gmail.com' } })).toBe(false)
    expect(matchesAllowlist(list, { type: 'solana', identifier: 'SoLaNaAddr111' })).toBe(true)
    expect(matchesAllowlist(list, { type: 'solana', identifier: 'solanaaddr111' })).toBe(false)
    expect(matchesAllowlist(list, { type: 'guest', identifier: 'abc' })).toBe(false)
    expect(matchesAllowlist(list, { type: 'passkey', identifier: 'cred' })).toBe(false)
  })
})

describe('app policy fields are validated at start', () => {
  const start = (app: Record<string, unknown>) =>
    createServer({ dataDir: ':memory:', databaseUrl: '', smtpUrl: 'smtp://x', dev: false, logger: quiet, plugins: [], apps: [{ id: TEST_APP_ID, name: 'A', allowed_origins: [], ...app }] })
  it('names the bad field', async () => {
    await expect(start({ allowlist: ['ok@example.com', '*.bad'] })).rejects.toThrow(/apps\[0\]\.allowlist\[1\]: Must be an e-mail address/)
    await expect(start({ allowlist: 'a@b.co' })).rejects.toThrow(/apps\[0\]\.allowlist/)
    await expect(start({ max_users: -1 })).rejects.toThrow(/apps\[0\]\.max_users: Must be 0 or more/)
    await expect(start({ max_users: 1.5 })).rejects.toThrow(/apps\[0\]\.max_users: Must be an integer/)
  })
  it('keeps allowlist and max_users out of the public config', async () => {
    const t = await createTestServer({ app: { allowlist: ['secret-person@example.com'], max_users: 7 } })
    const config = await (await t.request(`/api/v1/apps/${TEST_APP_ID}`)).json()
    expect(JSON.stringify(config)).not.toContain('secret-person')
    expect(config).not.toHaveProperty('max_users')
    expect(config).not.toHaveProperty('allowlist')
    await t.close()
  })
})

describe('allowlist at login', () => {
  it('lets listed accounts sign up and refuses others with 403 allowlist_rejected, creating nothing', async () => {
    const t = await createTestServer({ app: { allowlist: ['alice@example.com', '*@company.com'] } })
    const refused = await signIn(t, 'mallory@example.com')
    expect(refused.status).toBe(403)
    expect((await refused.json()).code).toBe('allowlist_rejected')
    expect(await userCount(t)).toBe(0)
    expect(await accountCount(t)).toBe(0)
    expect(await t.server.ctx.db.query('SELECT 1 FROM sessions')).toHaveLength(0)
    expect((await signIn(t, 'alice@example.com')).status).toBe(200)
    expect((await signIn(t, 'bob@company.com')).status).toBe(200)
    expect(await userCount(t)).toBe(2)
    await t.close()
  })

  it('does not re-check existing users when an allowlist is added later', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'foyer-policy-'))
    dirs.push(dataDir)
    const before = await createTestServer({ dataDir })
    expect((await signIn(before, 'early@example.com')).status).toBe(200)
    await before.close()
    const after = await createTestServer({ dataDir, app: { allowlist: ['alice@example.com'] } })
    expect((await signIn(after, 'early@example.com')).status).toBe(200)
    expect((await signIn(after, 'late@example.com')).status).toBe(403)
    expect(await userCount(after)).toBe(1)
    await after.close()
  })
})

// PostgreSQL joins when TEST_DATABASE_URL names a throwaway database.
const backends: [string, Record<string, string>][] = [['pglite', { dataDir: ':memory:' }]]
if (process.env.TEST_DATABASE_URL) backends.push(['postgres', { databaseUrl: process.env.TEST_DATABASE_URL }])

describe.each(backends)('user limit on %s', (name, storage) => {
  it('refuses user N+1 with 403 user_limit_reached; existing users still log in', async () => {
    if (name === 'postgres') await resetPostgres()
    const t = await createTestServer({ ...storage, app: { max_users: 2 } })
    expect((await signIn(t, 'one@example.com')).status).toBe(200)
    expect((await signIn(t, 'two@example.com')).status).toBe(200)
    const third = await signIn(t, 'three@example.com')
    expect(third.status).toBe(403)
    expect((await third.json()).code).toBe('user_limit_reached')
    expect((await signIn(t, 'one@example.com')).status).toBe(200)
    expect(await userCount(t)).toBe(2)
    expect(await accountCount(t)).toBe(2)
    await t.close()
  })

  it('holds under a parallel burst of sign-ups: exactly N users exist afterwards', async () => {
    if (name === 'postgres') await resetPostgres()
    const limit = 4
    const t = await createTestServer({ ...storage, app: { max_users: limit } })
    expect((await signIn(t, 'first@example.com')).status).toBe(200)
    const emails = Array.from({ length: 12 }, (_, i) => `burst${i}@example.com`)
    const codes: string[] = []
    for (const email of emails) {
      expect((await t.request('/api/v1/passwordless/init', { body: { email } })).status).toBe(200)
      codes.push(await t.lastCode(email))
    }
    const answers = await Promise.all(
      emails.map((email, i) => t.request('/api/v1/passwordless/authenticate', { body: { email, code: codes[i] } })),
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit - 1)
    expect(statuses.filter((s) => s === 403)).toHaveLength(emails.length - (limit - 1))
    expect(await userCount(t)).toBe(limit)
    expect(await accountCount(t)).toBe(limit)
    await t.close()
  }, 60_000)
})

async function resetPostgres() {
  const { createPostgresDb } = await import('./db/createPostgresDb.js')
  const db = await createPostgresDb(process.env.TEST_DATABASE_URL!)
  await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;')
  await db.close()
}

describe('disable_plus_emails on every e-mail route', () => {
  const plusText = "Please enter a valid email address without a '+'."
  const expectPlusRefused = async (res: Response, field: string) => {
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.code).toBe('invalid_data')
    expect(body.error).toContain(`${field}: ${plusText}`)
  }

  it('refuses plus addresses on init, authenticate, link and update; nothing changes', async () => {
    const t = await createTestServer({ app: { disable_plus_emails: true } })
    const token = (await t.login('plain@example.com')).token!
    await expectPlusRefused(await t.request('/api/v1/passwordless/init', { body: { email: 'a+x@example.com' } }), 'email')
    await expectPlusRefused(
      await t.request('/api/v1/passwordless/authenticate', { body: { email: 'a+x@example.com', code: '123456' } }),
      'email',
    )
    await expectPlusRefused(
      await t.request('/api/v1/passwordless/link', { token, body: { email: 'b+x@example.com', code: '123456' } }),
      'email',
    )
    await expectPlusRefused(
      await t.request('/api/v1/passwordless/update', {
        token,
        body: { oldAddress: 'plain@example.com', newAddress: 'c+x@example.com', code: '123456' },
      }),
      'newAddress',
    )
    expect(await userCount(t)).toBe(1)
    const accounts = await t.server.ctx.db.query<{ identifier: string }>('SELECT identifier FROM linked_accounts')
    expect(accounts.map((a) => a.identifier)).toEqual(['plain@example.com'])
    // Plain addresses still go through (the check refuses '+' only).
    expect((await t.request('/api/v1/passwordless/init', { body: { email: 'other@example.com' } })).status).toBe(200)
    await t.close()
  })

  it('lets plus addresses through when the flag is off', async () => {
    const t = await createTestServer({ plugins: [emailServer()], app: { allowed_origins: [TEST_ORIGIN] } })
    expect((await signIn(t, 'a+x@example.com')).status).toBe(200)
    await t.close()
  })
})
