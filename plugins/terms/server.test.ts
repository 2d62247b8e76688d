import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UserSchema } from '../../core/protocol/index.js'
import { emailServer } from '../email/server.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { termsServer } from './server.js'

let t: TestServer
const accept = (token?: string, body: unknown = {}) =>
  t.request('/api/v1/users/me/accept_terms', { method: 'POST', body, ...(token ? { token } : {}) })
const flag = async (userId: string) =>
  (await t.server.db.query<{ has_accepted_terms: boolean }>('SELECT has_accepted_terms FROM users WHERE id = $1', [userId]))[0]!.has_accepted_terms

beforeAll(async () => {
  t = await createTestServer({ plugins: [emailServer(), termsServer()], app: { require_users_accept_terms: true } })
})
afterAll(() => t.close())

describe('POST /api/v1/users/me/accept_terms', () => {
  it('is 401 without a token or with a garbage one, and changes nothing', async () => {
    const login = await t.login('anon.terms@example.com')
    for (const res of [await accept(), await accept('not-a-jwt')]) {
      expect(res.status).toBe(401)
      expect((await res.json()).code).toBe('unauthorized')
    }
    expect(await flag(login.user.id)).toBe(false)
  })

  it('sets has_accepted_terms and answers the raw user; a second call is idempotent', async () => {
    const login = await t.login('accepts.terms@example.com')
    expect(login.user.hasAcceptedTerms).toBe(false)
    const res = await accept(login.token!)
    expect(res.status).toBe(200)
    const user = v.parse(UserSchema, await res.json())
    expect(user).toMatchObject({ id: login.user.id, hasAcceptedTerms: true })
    expect(await flag(login.user.id)).toBe(true)
    const again = await accept(login.token!)
    expect(again.status).toBe(200)
    expect(v.parse(UserSchema, await again.json())).toEqual(user)
    // The next login sees the flag.
    expect((await t.login('accepts.terms@example.com')).user.hasAcceptedTerms).toBe(true)
  })

  it('accepts an empty body as {} and ignores unknown fields', async () => {
    const login = await t.login('empty.body@example.com')
    const res = await t.request('/api/v1/users/me/accept_terms', { method: 'POST', token: login.token! })
    expect(res.status).toBe(200)
    expect(await flag(login.user.id)).toBe(true)
    const other = await t.login('extra.fields@example.com')
    expect((await accept(other.token!, { anything: 1 })).status).toBe(200)
  })

  it('rejects a non-JSON or non-object body with 400 invalid_data and stores nothing', async () => {
    const login = await t.login('bad.body@example.com')
    for (const bad of ['not json', '42', '"x"', 'null', '[]']) {
      const res = await accept(login.token!, bad)
      expect(res.status, bad).toBe(400)
      expect((await res.json()).code).toBe('invalid_data')
    }
    expect(await flag(login.user.id)).toBe(false)
  })

  it("only touches the caller's user", async () => {
    const a = await t.login('user.a.terms@example.com')
    const b = await t.login('user.b.terms@example.com')
    await accept(a.token!)
    expect(await flag(a.user.id)).toBe(true)
    expect(await flag(b.user.id)).toBe(false)
  })
})
