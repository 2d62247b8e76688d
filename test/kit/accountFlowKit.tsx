import { act } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { afterAll, beforeAll } from 'vitest'
import type { TokenResponse } from '../../core/protocol/index.js'
import { email } from '../../plugins/email/index.js'
import { emailServer } from '../../plugins/email/server.js'
import { sms } from '../../plugins/sms/index.js'
import { smsServer } from '../../plugins/sms/server.js'
import { useLinkAccount, type UseAccountFlowParameters } from '../../ui/hooks/useLinkAccount.js'
import { useUnlinkAccount } from '../../ui/hooks/useUnlinkAccount.js'
import { useUpdateEmail, useUpdatePhone } from '../../ui/hooks/useUpdateAccount.js'
import { createTestServer, type TestServer } from './createTestServer.js'
import { renderWithFoyer } from './renderWithFoyer.js'

/**
 * The in-process server (e-mail + SMS) of the account-flow component tests, started for the calling file.
 * Answers a getter: the server exists once `beforeAll` ran.
 */
export function useAccountFlowServer(): () => TestServer {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer({
      plugins: [emailServer(), smsServer()],
      app: { sms_auth: true },
      rateLimits: { 'email.send.ip': { limit: 1000 }, 'sms.send.ip': { limit: 1000 } },
    })
  }, 60_000)
  afterAll(() => server.close())
  return () => server
}

/**
 * 'link …', 'update …' and 'unlink …' buttons for e-mail or phone through the public hooks
 * (useLinkAccount, useUpdateEmail/useUpdatePhone, useUnlinkAccount); a failure's text shows in `error`.
 */
export function AccountButtons(props: { kind: 'email' | 'phone'; target?: string; link?: UseAccountFlowParameters; update?: UseAccountFlowParameters }) {
  const { kind, target = '', link = {}, update = {} } = props
  const { linkEmail, linkPhone } = useLinkAccount(link)
  const { updateEmail } = useUpdateEmail(kind === 'email' ? update : {})
  const { updatePhone } = useUpdatePhone(kind === 'phone' ? update : {})
  const { unlinkEmail, unlinkPhone } = useUnlinkAccount()
  const [error, setError] = useState('')
  const run = (action: () => Promise<unknown>) => () => void action().catch((e: { shortMessage?: string }) => setError(e.shortMessage ?? 'error'))
  const [linkIt, updateIt, unlinkIt] = kind === 'email' ? [linkEmail, updateEmail, unlinkEmail] : [linkPhone, updatePhone, unlinkPhone]
  return (
    <div>
      <button type="button" onClick={run(() => linkIt())}>link {kind}</button>
      <button type="button" onClick={run(() => updateIt())}>update {kind}</button>
      <button type="button" onClick={run(() => unlinkIt(target))}>unlink {kind}</button>
      <p data-testid="error">{error}</p>
    </div>
  )
}

/** A fetch that answers from the in-process server. */
export const fetchOf = (server: TestServer) => ((url: string, init?: RequestInit) => server.app.request(url, init)) as typeof globalThis.fetch

/** Renders `ui` with the e-mail and SMS plugins against `server`, signed in with `tokens`. */
export async function renderSignedIn(server: TestServer, ui: ReactNode, tokens: TokenResponse) {
  const rendered = await renderWithFoyer(ui, { plugins: [email(), sms()], fetch: fetchOf(server), config: { successDelayMs: 300 } })
  act(() => rendered.foyer.session.handleTokenResponse(tokens))
  return rendered
}
