import { createTestDevice, type TestDevice } from '../../kit/testDevice.js'
import { codeFromOutbox, outboxTo } from './browser.js'
import type { Stack } from './startStack.js'

type StackParts = Pick<Stack, 'apiUrl' | 'appId' | 'appUrl' | 'walletUrl'>

/**
 * The test acting as a device of its own: it signs in as a user (a guest by credential, or by e-mail code) with its own
 * device key bound to the session, and makes custody calls with proofs by that key. What the server holds for a user
 * is read this way, through the routes a frame uses, never from the server's database.
 */
export async function deviceSession(stack: StackParts, user: { guestCredential: string } | { email: string }, device?: TestDevice) {
  const key = device ?? (await createTestDevice())
  const headers = { 'content-type': 'application/json', 'foyer-app-id': stack.appId, origin: new URL(stack.appUrl).origin }
  const post = (path: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${stack.apiUrl}${path}`, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) })
  let response: Response
  if ('guestCredential' in user) {
    response = await post('/api/v1/guest/authenticate', { guest_credential: user.guestCredential }, await key.bindingHeader())
  } else {
    // Codes already in the outbox for this address are old: the new one is the one after init.
    const seen = new Set((await outboxTo(stack.apiUrl, user.email)).flatMap((m) => (m.code ? [m.code] : [])))
    if ((await post('/api/v1/passwordless/init', { email: user.email })).status !== 200) throw new Error('passwordless/init failed')
    const code = await codeFromOutbox(stack.apiUrl, user.email, seen)
    response = await post('/api/v1/passwordless/authenticate', { email: user.email, code }, await key.bindingHeader())
  }
  const session = (await response.json()) as { token: string; refresh_token: string }
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${JSON.stringify(session)}`)
  return {
    device: key,
    token: session.token,
    /** A custody call as the frame makes it: the wallet origin, the token, and a proof by this session's device key. */
    async custody(route: string, body: unknown, token = session.token) {
      const path = `/api/v1/embedded_wallets/${route}`
      const res = await fetch(`${stack.apiUrl}${path}`, {
        method: 'POST',
        headers: { ...headers, origin: stack.walletUrl, authorization: `Bearer ${token}`, ...(await key.proofHeader(path, token)) },
        body: JSON.stringify(body),
      })
      return { status: res.status, body: (await res.json()) as Record<string, any> }
    },
  }
}
