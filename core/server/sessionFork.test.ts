import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer } from '../../test/kit/createTestServer.js'
import type { TestServer } from '../../test/kit/createTestServer.js'

let t: TestServer
let clock = Date.now()
const post = (path: string, body: unknown) => t.request(`/api/v1/sessions${path}`, { body })
const refresh = (refresh_token: unknown) => post('', { refresh_token })
const fork = (refresh_token: unknown) => post('/fork', { refresh_token })
const recover = (refresh_token: unknown) => post('/fork/recover', { refresh_token })
const logout = (refresh_token: string) => post('/logout', { refresh_token })
const me = (token: string) => t.request('/api/v1/users/me', { token })
const counts = async () => ({
  sessions: (await t.server.db.query('SELECT 1 FROM sessions')).length,
  tokens: (await t.server.db.query('SELECT 1 FROM refresh_tokens WHERE rotated_at IS NULL')).length,
  revoked: (await t.server.db.query('SELECT 1 FROM sessions WHERE revoked_at IS NOT NULL')).length,
})

beforeAll(async () => {
  t = await createTestServer({ now: () => clock })
})
afterAll(() => t.close())

describe('POST /api/v1/sessions/fork', () => {
  it("rotates the caller's tokens and hands out a forked token that recover turns into a new session", async () => {
    const first = await t.login('fork@example.com')
    const res = await fork(first.refresh_token)
    expect(res.status).toBe(200)
    const forked = await res.json()
    expect(forked).toMatchObject({ is_new_user: false, session_update_action: 'set', user: { id: first.user.id } })
    expect(forked.refresh_token).not.toBe(first.refresh_token)
    expect(forked.new_session_refresh_token.length).toBeGreaterThanOrEqual(43)
    expect(forked.new_session_refresh_token).not.toBe(forked.refresh_token)
    expect((await me(forked.token)).status).toBe(200)
    // Same session as before for the caller: the access token keeps its sid.
    expect(decodeJwt(forked.token).sid).toBe(decodeJwt(first.token!).sid)
    // The caller's rotated refresh token keeps working.
    expect((await refresh(forked.refresh_token)).status).toBe(200)

    const recovered = await recover(forked.new_session_refresh_token)
    expect(recovered.status).toBe(200)
    const other = await recovered.json()
    expect(other).toMatchObject({ is_new_user: false, session_update_action: 'set', user: { id: first.user.id } })
    expect(typeof other.identity_token).toBe('string')
    expect(decodeJwt(other.token).sid).not.toBe(decodeJwt(first.token!).sid)
    expect(decodeJwt(other.token).aud).toBe(t.appId)
    expect((await me(other.token)).status).toBe(200)
    // The new session rotates like any other.
    expect((await refresh(other.refresh_token)).status).toBe(200)
  })

  it('stores no plaintext token', async () => {
    const first = await t.login('plain@example.com')
    const forked = await (await fork(first.refresh_token)).json()
    const other = await (await recover(forked.new_session_refresh_token)).json()
    const stored = (await t.server.db.query<{ token_hash: string; successor_hash: string | null }>('SELECT token_hash, successor_hash FROM refresh_tokens'))
      .flatMap((r) => [r.token_hash, r.successor_hash])
    for (const secret of [forked.refresh_token, forked.new_session_refresh_token, other.refresh_token]) expect(stored).not.toContain(secret)
  })

  it('the two sessions are independent: logging out either leaves the other signed in', async () => {
    const a = await t.login('independent@example.com')
    const forkedA = await (await fork(a.refresh_token)).json()
    const b = await (await recover(forkedA.new_session_refresh_token)).json()
    await logout(forkedA.refresh_token)
    expect((await me(forkedA.token)).status).toBe(401)
    expect((await me(b.token)).status).toBe(200)
    expect((await refresh(b.refresh_token)).status).toBe(200)

    const c = await t.login('independent2@example.com')
    const forkedC = await (await fork(c.refresh_token)).json()
    const d = await (await recover(forkedC.new_session_refresh_token)).json()
    await logout(d.refresh_token)
    expect((await me(d.token)).status).toBe(401)
    expect((await refresh(forkedC.refresh_token)).status).toBe(200)
  })

  it('the new session has its own 30-day lifetime, counted from the fork', async () => {
    const first = await t.login('lifetime@example.com')
    clock += 20 * 24 * 3600 * 1000
    const forked = await (await fork(first.refresh_token)).json()
    let current = (await (await recover(forked.new_session_refresh_token)).json()).refresh_token
    clock += 11 * 24 * 3600 * 1000
    // The parent family is past 30 days; the forked one is 11 days old.
    expect((await refresh(forked.refresh_token)).status).toBe(401)
    const res = await refresh(current)
    expect(res.status).toBe(200)
    current = (await res.json()).refresh_token
    clock += 19 * 24 * 3600 * 1000 + 1000
    expect((await refresh(current)).status).toBe(401)
  })

  it('a revoked, rotated-and-replayed or expired caller token cannot fork, and nothing is stored', async () => {
    const revoked = await t.login('revoked@example.com')
    await logout(revoked.refresh_token!)
    const replayed = await t.login('replayed@example.com')
    await refresh(replayed.refresh_token)
    const expired = await t.login('expired@example.com')
    clock += 31_000
    // Replay outside the grace window is theft: the caller's family is revoked, no session is added.
    const before = await counts()
    const replay = await fork(replayed.refresh_token)
    expect(replay.status).toBe(401)
    expect((await replay.json()).code).toBe('invalid_refresh_token')
    const after = await counts()
    expect(after.sessions).toBe(before.sessions)
    expect(after.revoked).toBe(before.revoked + 1)
    clock += 30 * 24 * 3600 * 1000
    for (const token of [revoked.refresh_token, expired.refresh_token]) {
      const res = await fork(token)
      expect(res.status).toBe(401)
      expect((await res.json()).code).toBe('invalid_refresh_token')
    }
    expect(await counts()).toEqual(after)
  })

  it('missing, malformed and unknown tokens → 401 invalid_refresh_token; a non-JSON body → 400; nothing stored', async () => {
    await t.login('malformed@example.com')
    const before = await counts()
    for (const path of ['/fork', '/fork/recover']) {
      for (const token of [undefined, 42, '', 'x'.repeat(600), 'not-a-token']) {
        const res = await post(path, { refresh_token: token })
        expect(res.status).toBe(401)
        expect((await res.json()).code).toBe('invalid_refresh_token')
      }
      const garbage = await t.request(`/api/v1/sessions${path}`, { body: '{not json' })
      expect(garbage.status).toBe(400)
      expect((await garbage.json()).code).toBe('invalid_data')
    }
    expect(await counts()).toEqual(before)
  })
})

describe('POST /api/v1/sessions/fork/recover', () => {
  it('is single use: a second redemption is 401 and revokes the forked session', async () => {
    const first = await t.login('single@example.com')
    const forked = await (await fork(first.refresh_token)).json()
    const once = await (await recover(forked.new_session_refresh_token)).json()
    const again = await recover(forked.new_session_refresh_token)
    expect(again.status).toBe(401)
    expect((await again.json()).code).toBe('invalid_refresh_token')
    expect((await me(once.token)).status).toBe(401)
    // The caller's session is untouched.
    expect((await me(forked.token)).status).toBe(200)
  })

  it('parallel redemptions: exactly one succeeds', async () => {
    const first = await t.login('parallel@example.com')
    const forked = await (await fork(first.refresh_token)).json()
    const answers = await Promise.all(Array.from({ length: 4 }, () => recover(forked.new_session_refresh_token)))
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401, 401, 401])
  })

  it('refresh and logout ignore a forked token; recover ignores a refresh token and other apps', async () => {
    const first = await t.login('domains@example.com')
    const forked = await (await fork(first.refresh_token)).json()
    expect((await refresh(forked.new_session_refresh_token)).status).toBe(401)
    await logout(forked.new_session_refresh_token)
    expect((await recover(forked.refresh_token)).status).toBe(401)
    expect((await fork(forked.new_session_refresh_token)).status).toBe(401)
    const foreign = await t.request('/api/v1/sessions/fork/recover', {
      body: { refresh_token: forked.new_session_refresh_token },
      headers: { 'foyer-app-id': 'foyer_dev_app_00000000001' },
    })
    expect(foreign.status).toBeGreaterThanOrEqual(400)
    expect(foreign.status).toBeLessThan(500)
    // None of that used the forked token up.
    expect((await recover(forked.new_session_refresh_token)).status).toBe(200)
  })
})
