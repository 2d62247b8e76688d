import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFoyer } from '../../core/client/createFoyer.js'
import { createMemoryStorage } from '../../core/client/storage.js'
import { emailServer } from '../email/server.js'
import { createTestServer, TEST_APP_ID, type TestServer } from '../../test/kit/createTestServer.js'
import { startJwksStandin, type JwksStandin } from '../../test/standins/jwksStandin.js'
import { customAuthFlow } from './customAuthFlow.js'
import { customJwt } from './index.js'
import { customJwtServer } from './server.js'

let t: TestServer
let idp: JwksStandin
beforeAll(async () => {
  idp = await startJwksStandin()
  t = await createTestServer({
    plugins: [emailServer(), customJwtServer()],
    app: { 'custom-jwt': { jwks_url: idp.jwksUrl, algorithms: ['ES256'], issuer: idp.issuer, audience: idp.audience } },
  })
})
afterAll(async () => {
  await t.close()
  await idp.close()
})

const kernel = (getCustomAccessToken?: () => Promise<string | null>) =>
  createFoyer({
    appId: TEST_APP_ID,
    apiUrl: 'http://foyer.test',
    plugins: [customJwt(getCustomAccessToken ? { getCustomAccessToken } : {})],
    storage: createMemoryStorage(),
    fetch: ((url: string, init: RequestInit) => t.app.request(String(url).replace('http://foyer.test', ''), init)) as typeof fetch,
  })

describe('custom auth flow', () => {
  it('getCustomAccessToken signs the host user in once Foyer is ready; a null token later signs them out', async () => {
    let token: string | null = await idp.sign({ sub: 'host-user-1' })
    const foyer = kernel(async () => token)
    const flow = customAuthFlow(foyer)
    const seen: string[] = []
    flow.subscribe(() => seen.push(flow.getState().status))
    await foyer.init()
    await expect.poll(() => flow.getState().status).toBe('done')
    expect(seen).toEqual(['loading', 'done'])
    const session = foyer.$session.peek()
    expect(session.status).toBe('authenticated')
    expect(session.user?.customAuth).toMatchObject({ type: 'custom_auth', customUserId: 'host-user-1', issuer: idp.issuer })

    token = null
    await flow.sync()
    expect(foyer.$session.peek().status).toBe('unauthenticated')
    expect(flow.getState().status).toBe('initial')
  })

  it('loginWithToken with a bad token ends in error and reports INVALID_CREDENTIALS', async () => {
    const foyer = kernel()
    await foyer.init()
    const errors: string[] = []
    foyer.registerCallbacks('login', { onError: (code) => errors.push(code) })
    const flow = customAuthFlow(foyer)
    await expect(flow.loginWithToken(await idp.sign({ aud: 'someone-else' }))).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' })
    expect(flow.getState().status).toBe('error')
    expect(errors).toEqual(['INVALID_CREDENTIALS'])
    expect(foyer.$session.peek().status).toBe('unauthenticated')
  })

  it('a client-side malformed token never reaches the server', async () => {
    const foyer = kernel()
    await foyer.init()
    await expect(customAuthFlow(foyer).loginWithToken('not a jwt')).rejects.toMatchObject({ code: 'VALIDATION_ERROR' })
  })
})
