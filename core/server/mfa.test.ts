import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../plugins/email/server.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { fakeMfaPlugin } from '../../test/kit/fakeMfa.js'

// A stand-in MFA method: enrolment is a set, and its verify route records a verification without a code.
const { plugin: fakeMfa, enrolled } = fakeMfaPlugin()

let clock = Date.now()
let t: TestServer
beforeAll(async () => {
  t = await createTestServer({ plugins: [emailServer(), fakeMfa], now: () => clock })
})
afterAll(() => t.close())

const login = async (email: string) => {
  const { token, user } = await t.login(email)
  return { token: token!, user }
}
const me = async (token: string) => (await (await t.request('/api/v1/users/me', { token })).json()).user
const protectedCall = (token?: string) => t.request('/api/v1/fake-mfa/protected', { body: {}, ...(token ? { token } : {}) })
const codeOf = async (res: Response) => [res.status, (await res.json()).code]

describe('ctx.requireMfa', () => {
  it('lets a user without an enrolled method through, and refuses a caller without a session', async () => {
    const { token, user } = await login('plain@example.com')
    expect((await me(token)).mfaMethods).toEqual([])
    const res = await protectedCall(token)
    expect([res.status, await res.json()]).toEqual([200, { userId: user.id }])
    expect(await codeOf(await protectedCall())).toEqual([401, 'unauthorized'])
  })

  it('asks an enrolled user for a verification of this session, fresh for 15 minutes', async () => {
    const first = await login('enrolled@example.com')
    enrolled.add(first.user.id)
    expect((await me(first.token)).mfaMethods).toEqual(['totp'])
    expect(await codeOf(await protectedCall(first.token))).toEqual([403, 'missing_or_invalid_mfa'])

    await t.request('/api/v1/fake-mfa/verify', { body: {}, token: first.token })
    expect((await protectedCall(first.token)).status).toBe(200)

    // Another session of the same user has verified nothing.
    const second = await login('enrolled@example.com')
    expect(await codeOf(await protectedCall(second.token))).toEqual([403, 'missing_or_invalid_mfa'])

    clock += 14 * 60_000
    expect((await protectedCall(first.token)).status).toBe(200)
    clock += 2 * 60_000
    expect(await codeOf(await protectedCall(first.token))).toEqual([403, 'missing_or_invalid_mfa'])
  })
})

describe("the app config's mfa_window_seconds (what the client names after an enrolment)", () => {
  const published = async (s: TestServer) => (await (await s.request(`/api/v1/apps/${s.appId}`)).json()).mfa_window_seconds

  it('is the default 900 s', async () => {
    expect(await published(t)).toBe(900)
  })

  it("is mfaWindowSeconds when the server is given one, and is the window requireMfa applies", async () => {
    let now = Date.now()
    const { plugin, enrolled: enrolledShort } = fakeMfaPlugin()
    const short = await createTestServer({ plugins: [emailServer(), plugin], now: () => now, mfaWindowSeconds: 90 })
    try {
      expect(await published(short)).toBe(90)
      const { token, user } = await short.login('short@example.com')
      enrolledShort.add(user.id)
      await short.request('/api/v1/fake-mfa/verify', { body: {}, token: token! })
      const call = () => short.request('/api/v1/fake-mfa/protected', { body: {}, token: token! })
      now += 89_000
      expect((await call()).status).toBe(200)
      now += 2_000
      expect(await codeOf(await call())).toEqual([403, 'missing_or_invalid_mfa'])
    } finally {
      await short.close()
    }
  })

  it('follows the server, never an app entry; a window outside 1..900 s stops the start', async () => {
    await expect(createTestServer({ app: { mfa_window_seconds: 60 } })).rejects.toThrow(/mfa_window_seconds/)
    await expect(createTestServer({ mfaWindowSeconds: 0 })).rejects.toThrow('mfaWindowSeconds must be a whole number in 1..900')
    await expect(createTestServer({ mfaWindowSeconds: 901 })).rejects.toThrow('mfaWindowSeconds must be a whole number in 1..900')
  })
})
