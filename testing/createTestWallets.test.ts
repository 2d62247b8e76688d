import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDevice } from '../test/kit/testDevice.js'
import { startFoyerTestServer, type FoyerTestServer } from './startFoyerTestServer.js'

const ORIGIN = 'http://localhost:5173'
const started: FoyerTestServer[] = []
afterAll(() => Promise.all(started.map((s) => s.close())))
const start = async (options: Parameters<typeof startFoyerTestServer>[0]) => {
  const server = await startFoyerTestServer(options)
  started.push(server)
  return server
}

/** A JSON POST to the API as the page at ORIGIN (or `origin`) sends it. */
const post = (foyer: FoyerTestServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${foyer.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'foyer-app-id': foyer.appId, origin: ORIGIN, ...headers },
    body: JSON.stringify(body),
  })

let foyer: FoyerTestServer
// The first start with these plugins builds their database template (the migrations): in the hook's time.
beforeAll(async () => {
  foyer = await start({ origins: [ORIGIN], wallets: true })
})

describe('createUser({ wallet })', () => {
  it("makes the user's wallet through the frame's code and the custody routes: both server shares stored, automatic recovery, the kit's session ended; a new device recovers it", async () => {
    const made = await foyer.createUser({ email: 'wallet.kit@example.com', wallet: true })
    expect(made.wallet).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(made.wallets).toEqual({ ethereum: made.wallet })
    const account = made.user.linkedAccounts.find((a) => a.type === 'wallet')
    expect(account).toMatchObject({ address: made.wallet, chainType: 'ethereum', walletClientType: 'privy', recoveryMethod: 'privy' })
    // Only addresses come back: no share, key or token in what the kit answers.
    expect(JSON.stringify(made)).not.toMatch(/share|private|secret|mnemonic|token/i)
    const db = foyer.server.db
    const shares = await db.query<{ kind: string }>('SELECT s.kind FROM embedded_wallet_shares s JOIN embedded_wallet_roots r ON r.id = s.root_id WHERE r.user_id = $1 ORDER BY s.kind', [made.id])
    expect(shares.map((s) => s.kind)).toEqual(['auth', 'recovery'])
    const sessions = await db.query<{ revoked_at: Date | null; device_jkt: string | null }>('SELECT revoked_at, device_jkt FROM sessions WHERE user_id = $1', [made.id])
    expect(sessions).toHaveLength(1)
    expect(sessions[0]!.device_jkt).toBeTruthy()
    expect(sessions[0]!.revoked_at).not.toBeNull()

    // A browser signing in later is a new device: its session (bound to its own key) gets the automatic-recovery share.
    await post(foyer, '/api/v1/passwordless/init', { email: 'wallet.kit@example.com' })
    const code = await foyer.outbox.waitForCode('wallet.kit@example.com')
    const device = await createTestDevice()
    const login = await post(foyer, '/api/v1/passwordless/authenticate', { email: 'wallet.kit@example.com', code }, await device.bindingHeader())
    const { token, user } = (await login.json()) as { token: string; user: { id: string } }
    expect(user.id).toBe(made.id)
    const path = '/api/v1/embedded_wallets/recover'
    const recover = await post(foyer, path, { address: made.wallet }, { authorization: `Bearer ${token}`, origin: foyer.walletUrl!, ...(await device.proofHeader(path, token)) })
    expect(recover.status).toBe(200)
    expect(await recover.json()).toMatchObject({ recovery_share: expect.any(String), auth_share: expect.any(String) })
  })

  it('makes an Ethereum and a Solana wallet when asked for both', async () => {
    const made = await foyer.createUser({ email: 'two.chains@example.com', wallet: ['solana', 'ethereum'] })
    expect(made.wallets.ethereum).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(made.wallets.solana).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect(made.wallet).toBe(made.wallets.ethereum)
    expect(made.user.linkedAccounts.filter((a) => a.type === 'wallet').map((a) => a.chainType).sort()).toEqual(['ethereum', 'solana'])
  })

  it('without embedded wallets on the server: refused before any user is made', async () => {
    const plain = await start({ origins: [ORIGIN] })
    await expect(plain.createUser({ email: 'no.wallet@example.com', wallet: true })).rejects.toThrow("startFoyerTestServer({ wallets: true })")
    // The address is still free: the user was not made.
    expect((await plain.createUser({ email: 'no.wallet@example.com' })).wallets).toEqual({})
  })
})
