import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { emailServer } from '../../plugins/email/server.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { createServer } from './createServer.js'
import { defineServerPlugin } from './defineServerPlugin.js'
import { SESSION_LIFETIME_SECONDS } from './sessions.js'

let starts = 0
let release: () => void = () => {}
const slow = {
  name: 'test.slow',
  everyMs: 1000,
  run: () => {
    starts++
    return new Promise<void>((resolve) => (release = resolve))
  },
}
const failing = {
  name: 'test.failing',
  everyMs: 1000,
  run: async () => {
    throw new Error('secret detail')
  },
}

const warnings: string[] = []
let clock = Date.now()
let t: TestServer
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  t = await createTestServer({
    plugins: [emailServer(), defineServerPlugin({ id: 'jobs', jobs: [slow, failing], routes() {} })],
    logger: { info() {}, warn: (msg) => warnings.push(msg), error() {} },
    now: () => clock,
  })
})
afterAll(async () => {
  release()
  await t.close()
  vi.useRealTimers()
})
afterEach(() => release())

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('jobs', () => {
  it('wait for the server to listen, never overlap a run of the same job, and log a failure by name only', async () => {
    vi.advanceTimersByTime(5000)
    expect(starts).toBe(0)
    const listening = await t.server.listen(0)
    try {
      vi.advanceTimersByTime(1000)
      expect(starts).toBe(1)
      vi.advanceTimersByTime(3000)
      expect(starts).toBe(1)
      release()
      await settle()
      vi.advanceTimersByTime(1000)
      expect(starts).toBe(2)
      await settle()
      expect(warnings).toContain('[foyer] job "test.failing" failed')
      expect(warnings.join()).not.toContain('secret detail')
    } finally {
      await listening.close()
    }
  })

  it('runJob runs one now, and an unknown name is refused', async () => {
    const before = starts
    const run = t.server.runJob('test.slow')
    expect(starts).toBe(before + 1)
    release()
    await run
    await expect(t.server.runJob('test.failing')).rejects.toThrow('secret detail')
    await expect(t.server.runJob('nope')).rejects.toThrow('Unknown server job "nope"')
  })

  it('two jobs with one name stop the start', async () => {
    const twice = defineServerPlugin({ id: 'twice', jobs: [slow, slow], routes() {} })
    await expect(createServer({ dev: true, plugins: [twice] })).rejects.toThrow('Server job "test.slow" is registered twice')
  })
})

describe("core's sweep", () => {
  const count = async (table: string) => Number((await t.server.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n)

  it('deletes sessions, codes and rate-limit windows a day past their end, and keeps live ones', async () => {
    const sessionOwners = async () => (await t.server.db.query<{ user_id: string }>('SELECT user_id FROM sessions')).map((s) => s.user_id)
    const old = await t.login('old@example.com')
    const gone = await t.login('gone@example.com')
    await t.request('/api/v1/sessions/logout', { body: { refresh_token: gone.refresh_token } })

    clock += 25 * 3600 * 1000
    await t.server.runJob('core.sweep')
    // The revoked session went; the live one stays, and both codes (expired a day ago) went.
    expect(await sessionOwners()).toEqual([old.user.id])
    expect(await count('email_codes')).toBe(0)

    clock += SESSION_LIFETIME_SECONDS * 1000
    const fresh = await t.login('fresh@example.com')
    await t.server.runJob('core.sweep')
    expect(await sessionOwners()).toEqual([fresh.user.id])
    // The fresh login's code (used, not yet expired) stays.
    expect(await count('email_codes')).toBe(1)
    const windows = await t.server.db.query<{ window_start: Date }>('SELECT window_start FROM rate_limits')
    expect(windows.length).toBeGreaterThan(0)
    expect(windows.every((w) => new Date(w.window_start).getTime() >= clock - 3600_000)).toBe(true)
    expect((await t.request('/api/v1/users/me', { token: fresh.token! })).status).toBe(200)
  })
})
