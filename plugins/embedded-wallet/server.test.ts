import { bytesToHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toUser, type RawUser } from '../../core/protocol/index.js'
import { defineServerPlugin } from '../../core/server/index.js'
import { createTestServer, TEST_ORIGIN, type TestServer } from '../../test/kit/createTestServer.js'
import { emailServer } from '../email/server.js'
import { createGuestCredential } from '../guest/index.js'
import { guestServer } from '../guest/server.js'
import { siweServer } from '../siwe/server.js'
import { b64, createBody, custodyCall, makeWallet as makeTestWallet, WALLET_ORIGIN } from '../../test/kit/embeddedWallets.js'
import { ethereumKeyOf } from '../../test/kit/walletFrameKit.js'
import { solanaKeypairOf } from '../../test/kit/walletFrameKit.js'
import { newWalletSecret } from '../../test/kit/walletFrameKit.js'
import { combineWalletShares, splitWalletSecret } from '../../test/kit/walletFrameKit.js'
import { embeddedWalletServer } from './server.js'

const fromB64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))

/** Every share a test made: the logs must contain none of them. */
const madeShares: Uint8Array[] = []
const logs: string[] = []
const logger = { info: (m: string) => logs.push(m), warn: (m: string) => logs.push(m), error: (m: string) => logs.push(m) }
const makeWallet = (chain: 'ethereum' | 'solana' = 'ethereum', secret?: Uint8Array) => makeTestWallet(chain, secret, madeShares)

const METRICS_TOKEN = 'wallet-metrics-token-0001'
let t: TestServer
const call = (route: string, body: unknown, token: string | undefined, origin: string | null = WALLET_ORIGIN) => custodyCall(t, token, origin)(route, body)
const count = async (table: string) => (await t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n
const counts = async () => ({
  roots: await count('embedded_wallet_roots'),
  shares: await count('embedded_wallet_shares'),
  wallets: (await t.server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM linked_accounts WHERE type = 'wallet'"))[0]!.n,
})
let users = 0
/** A new signed-in user's access token. */
const newUser = async () => (await t.login(`wallet.user.${++users}@example.com`)).token!
const walletAccounts = (user: RawUser) => user.linkedAccounts.filter((a) => a.type === 'wallet')

beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), guestServer(), siweServer(), embeddedWalletServer()],
    walletOrigin: WALLET_ORIGIN,
    app: { guest: true, 'embedded-wallet': { create_on_login: 'users-without-wallets' } },
    logger,
    metricsToken: METRICS_TOKEN,
  })
})
afterAll(() => t.close())

describe('embedded wallet custody routes', () => {
  it('create stores the root, both shares encrypted and the wallet account with the spec fields, and answers the user', async () => {
    const token = await newUser()
    const wallet = await makeWallet()
    const res = await call('create', createBody(wallet), token)
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe(WALLET_ORIGIN)
    const user = (await res.json()) as RawUser
    const [account] = walletAccounts(user)
    expect(account).toMatchObject({
      type: 'wallet',
      address: wallet.address,
      chainType: 'ethereum',
      chainId: 'eip155:1',
      walletClientType: 'privy',
      connectorType: 'embedded',
      walletIndex: 0,
      imported: false,
      recoveryMethod: 'privy',
      delegated: false,
    })
    expect(account!.rootId).toEqual(expect.any(String))
    expect(toUser(user).wallet?.address).toBe(wallet.address)
    const [root] = await t.server.db.query<Record<string, unknown>>('SELECT * FROM embedded_wallet_roots WHERE id = $1', [account!.rootId])
    expect(root).toMatchObject({ user_id: user.id, chain_type: 'ethereum', imported: false, recovery_method: 'privy' })
    const stored = await t.server.db.query<{ kind: string; ciphertext: string; wrapped_key: string | null }>(
      'SELECT kind, ciphertext, wrapped_key FROM embedded_wallet_shares WHERE root_id = $1 ORDER BY kind',
      [account!.rootId],
    )
    expect(stored.map((s) => s.kind)).toEqual(['auth', 'recovery'])
    // Encrypted: neither share's bytes are in what is stored; only the recovery share has a wrapped key of its own.
    for (const s of stored) {
      const bytes = Buffer.from(s.ciphertext, 'base64')
      expect(bytes.includes(Buffer.from(wallet.shares.auth))).toBe(false)
      expect(bytes.includes(Buffer.from(wallet.shares.recovery))).toBe(false)
    }
    expect(stored.map((s) => s.wrapped_key !== null)).toEqual([false, true])
    // The device share never reached the server.
    const everything = JSON.stringify(await t.server.db.query('SELECT * FROM embedded_wallet_shares'))
    expect(everything).not.toContain(b64(wallet.shares.device))
  })

  it('a second Ethereum wallet, created or imported, is refused and nothing changes', async () => {
    const token = await newUser()
    expect((await call('create', createBody(await makeWallet()), token)).status).toBe(200)
    const before = await counts()
    const again = await call('create', createBody(await makeWallet()), token)
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({ code: 'wallet_already_exists', error: 'User already has an embedded wallet.' })
    const imported = await call('create', createBody(await makeWallet('ethereum', crypto.getRandomValues(new Uint8Array(32))), { imported: true }), token)
    expect((await imported.json()).code).toBe('wallet_already_exists')
    expect(await counts()).toEqual(before)
  })

  it('a retry of the same creation (same key, same split, a new nonce) answers the stored wallet; another split of that key is refused', async () => {
    const token = await newUser()
    const wallet = await makeWallet()
    const first = await call('create', createBody(wallet), token)
    expect(first.status).toBe(200)
    const before = await counts()
    const again = await call('create', createBody(wallet), token)
    expect(again.status).toBe(200)
    expect(walletAccounts((await again.json()) as RawUser).map((a) => a.address)).toEqual([wallet.address])
    // The same key split again: a device share of that split would not pair with the stored auth share.
    const resplit = await call('create', createBody(await makeWallet('ethereum', wallet.secret)), token)
    expect((await resplit.json()).code).toBe('wallet_already_exists')
    expect(await counts()).toEqual(before)
  })

  it('two creates at once for one user: one wallet, the other refused', async () => {
    const token = await newUser()
    const before = await counts()
    const answers = await Promise.all([call('create', createBody(await makeWallet()), token), call('create', createBody(await makeWallet()), token)])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400])
    expect(await counts()).toEqual({ roots: before.roots + 1, shares: before.shares + 2, wallets: before.wallets + 1 })
    // One wallet, one wallet.created event (the refused create left none).
    const [{ n } = { n: -1 }] = await t.server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE event = 'wallet.created' AND user_id = (SELECT user_id FROM linked_accounts WHERE type = 'wallet' ORDER BY id DESC LIMIT 1)`,
    )
    expect(n).toBe(1)
  })

  it('an imported key makes an Ethereum wallet with imported true and the embedded_imported connector; Solana keys cannot be imported', async () => {
    const token = await newUser()
    const wallet = await makeWallet('ethereum', crypto.getRandomValues(new Uint8Array(32)))
    expect(wallet.shares.auth).toHaveLength(33)
    const res = await call('create', createBody(wallet, { imported: true }), token)
    expect(res.status).toBe(200)
    expect(walletAccounts(await res.json())[0]).toMatchObject({ address: wallet.address, imported: true, connectorType: 'embedded_imported', walletIndex: 0 })
    const solana = await call('create', createBody(await makeWallet('solana'), { chain_type: 'solana', imported: true }), await newUser())
    expect(solana.status).toBe(400)
    expect(await solana.json()).toEqual({ code: 'invalid_data', error: 'imported: Only Ethereum keys can be imported' })
  })

  it('Solana: one per user, beside an Ethereum wallet only when that one recovers automatically', async () => {
    const token = await newUser()
    expect((await call('create', createBody(await makeWallet()), token)).status).toBe(200)
    const sol = await makeWallet('solana')
    const res = await call('create', createBody(sol, { chain_type: 'solana' }), token)
    expect(res.status).toBe(200)
    const wallets = walletAccounts(await res.json())
    expect(wallets.map((w) => [w.chainType, w.walletIndex])).toEqual([['ethereum', 0], ['solana', 0]])
    expect(wallets[1]).toMatchObject({ address: sol.address, walletClientType: 'privy', connectorType: 'embedded', recoveryMethod: 'privy' })
    expect(wallets[1]!.chainId).toBeUndefined()
    expect((await (await call('create', createBody(await makeWallet('solana'), { chain_type: 'solana' }), token)).json()).code).toBe('wallet_already_exists')

    // A user whose Ethereum wallet has user-owned recovery (the next issue's methods) gets no Solana wallet.
    const other = await newUser()
    const eth = (await (await call('create', createBody(await makeWallet()), other)).json()) as RawUser
    await t.server.db.query("UPDATE embedded_wallet_roots SET recovery_method = 'user-passcode' WHERE id = $1", [walletAccounts(eth)[0]!.rootId])
    const before = await counts()
    const refused = await call('create', createBody(await makeWallet('solana'), { chain_type: 'solana' }), other)
    expect(refused.status).toBe(400)
    expect((await refused.json()).code).toBe('solana_requires_privy_recovery')
    expect(await counts()).toEqual(before)
  })

  it('malformed bodies are 400 invalid_data and store nothing', async () => {
    const token = await newUser()
    const wallet = await makeWallet()
    const sol = await makeWallet('solana')
    const good = createBody(wallet)
    const share16 = b64(crypto.getRandomValues(new Uint8Array(16)))
    const share33 = b64(crypto.getRandomValues(new Uint8Array(33)))
    // 17 bytes whose base64 ends in a character with stray low bits: not canonical.
    const nonCanonical = `${good.auth_share.slice(0, 22)}B=`
    const mixedCaseBadChecksum = wallet.address.slice(0, 2) + [...wallet.address.slice(2)].map((ch, i) => (i % 2 ? ch.toLowerCase() : ch.toUpperCase())).join('')
    const cases: [string, unknown][] = [
      ['bad base64', { ...good, auth_share: '!!!!!!!!!!!!!!!!!!!!!!!=' }],
      ['16-byte share', { ...good, auth_share: share16 }],
      ['33-byte shares for a new wallet', { ...good, auth_share: share33, recovery_share: share33 }],
      ['17-byte shares for an imported key', { ...good, imported: true }],
      ['shares of different lengths', { ...good, recovery_share: share33 }],
      ['non-canonical base64', { ...good, auth_share: nonCanonical }],
      ['a share given twice', { ...good, recovery_share: good.auth_share }],
      ['a number for a share', { ...good, auth_share: 17 }],
      ['no recovery share', { ...good, recovery_share: undefined }],
      ['not an address', { ...good, address: '0x1234' }],
      ['a bad EIP-55 checksum', { ...good, address: mixedCaseBadChecksum }],
      ['a Solana address for chain_type ethereum', { ...good, address: sol.address }],
      ['base58 that is not 32 bytes', { ...createBody(sol, { chain_type: 'solana' }), address: sol.address.slice(0, 32) }],
      ['an unknown chain', { ...good, chain_type: 'bitcoin' }],
      ['a user-owned recovery method', { ...good, recovery_method: 'user-passcode' }],
      ['a string for imported', { ...good, imported: 'yes' }],
      ['an array body', [good]],
      ['not JSON', '{"chain_type": '],
    ]
    const before = await counts()
    for (const [name, body] of cases) {
      const res = await call('create', body, token)
      expect([name, res.status]).toEqual([name, 400])
      const answer = await res.json()
      expect([name, answer.code]).toEqual([name, 'invalid_data'])
      // The refusal names the field, never the value sent.
      expect(JSON.stringify(answer)).not.toContain(good.auth_share)
    }
    expect(await counts()).toEqual(before)
    // The same bodies on the other writing routes.
    for (const body of [{ address: '0x12' }, { address: wallet.address, wallet_index: 0, new_address: wallet.address }, { address: wallet.address, wallet_index: 1.5, new_address: wallet.address }]) {
      expect((await (await call('add', body, token)).json()).code).toBe('invalid_data')
    }
    expect(await counts()).toEqual(before)
  })

  it('unknown body fields are ignored (as every route does) and never stored', async () => {
    const token = await newUser()
    const wallet = await makeWallet()
    const res = await call('create', createBody(wallet, { device_share: b64(wallet.shares.device), walletIndex: 7 }), token)
    expect(res.status).toBe(200)
    const [account] = walletAccounts(await res.json())
    expect(account!.walletIndex).toBe(0)
    expect(JSON.stringify(await t.server.db.query('SELECT * FROM linked_accounts'))).not.toContain(b64(wallet.shares.device))
    expect(JSON.stringify(await t.server.db.query('SELECT * FROM embedded_wallet_shares'))).not.toContain(b64(wallet.shares.device))
  })

  it('a failure inside the create transaction (after the shares are written) leaves no root, no share and no account', async () => {
    const token = await newUser()
    const wallet = await makeWallet()
    // The account is the transaction's last write: a trigger fails it once root and shares are in.
    await t.server.db.exec(`
CREATE FUNCTION fail_wallet_account() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$ LANGUAGE plpgsql;
CREATE TRIGGER fail_wallet_account BEFORE INSERT ON linked_accounts FOR EACH ROW WHEN (NEW.identifier = '${wallet.address.toLowerCase()}') EXECUTE FUNCTION fail_wallet_account();`)
    const before = await counts()
    try {
      const res = await call('create', createBody(wallet), token)
      expect(res.status).toBe(500)
      expect(await counts()).toEqual(before)
      const [{ n } = { n: -1 }] = await t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE event = 'wallet.created' AND data->'wallet'->>'address' = $1`, [wallet.address])
      expect(n).toBe(0)
    } finally {
      await t.server.db.exec('DROP TRIGGER fail_wallet_account ON linked_accounts; DROP FUNCTION fail_wallet_account();')
    }
    // Nothing half-made blocks the retry, which gives the wallet its one event.
    expect((await call('create', createBody(wallet), token)).status).toBe(200)
    const [{ n } = { n: -1 }] = await t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE event = 'wallet.created' AND data->'wallet'->>'address' = $1`, [wallet.address])
    expect(n).toBe(1)
  })

  it('auth_share: only the wallet frame origin, only with a token of the owner; the share is the one stored', async () => {
    const token = await newUser()
    const wallet = await makeWallet()
    const created = (await (await call('create', createBody(wallet), token)).json()) as RawUser
    const rootId = walletAccounts(created)[0]!.rootId

    const res = await call('auth_share', { address: wallet.address }, token)
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe(WALLET_ORIGIN)
    const answer = await res.json()
    expect(answer).toEqual({
      root_id: rootId,
      chain_type: 'ethereum',
      imported: false,
      recovery_method: 'privy',
      wallet_index: 0,
      wallets: [{ address: wallet.address, wallet_index: 0 }],
      user_id: created.id,
      // No MFA method: the frame may keep the rebuilt secret.
      mfa_valid_for_ms: null,
      // Stored with the wallet's signature (a wallet from before custody proofs says false until the frame proves it).
      proven: true,
      auth_share: b64(wallet.shares.auth),
    })
    // The frame's device share and the released auth share rebuild the secret of the stored address.
    const secret = await combineWalletShares(wallet.shares.device, fromB64(answer.auth_share))
    expect(ethereumKeyOf(secret).address).toBe(wallet.address)
    // Any case of the address finds the wallet.
    expect((await call('auth_share', { address: wallet.address.toLowerCase() }, token)).status).toBe(200)

    // The host page's origin (an allowed origin of the app), no Origin, or a stranger: 403 and no CORS headers.
    for (const origin of [TEST_ORIGIN, null, 'https://evil.example']) {
      const refused = await call('auth_share', { address: wallet.address }, token, origin)
      expect(refused.status).toBe(403)
      expect((await refused.json()).code).toBe('invalid_origin')
      expect(refused.headers.get('access-control-allow-origin')).toBeNull()
      expect(refused.headers.get('access-control-allow-credentials')).toBeNull()
    }
    // No token, a bad token, or another user's token.
    expect((await call('auth_share', { address: wallet.address }, undefined)).status).toBe(401)
    expect((await call('auth_share', { address: wallet.address }, 'e30.e30.e30')).status).toBe(401)
    const stranger = await call('auth_share', { address: wallet.address }, await newUser())
    expect(stranger.status).toBe(404)
    expect(await stranger.json()).toEqual({
      code: 'embedded_wallet_not_found',
      error: 'User must be authenticated and have a Foyer wallet before it can be connected/recovered',
    })
  })

  it('recover (automatic) returns the two stored shares byte for byte, and they rebuild the wallet', async () => {
    const token = await newUser()
    const wallet = await makeWallet()
    await call('create', createBody(wallet), token)
    const res = await call('recover', { address: wallet.address }, token)
    expect(res.status).toBe(200)
    const answer = await res.json()
    expect(fromB64(answer.auth_share)).toEqual(wallet.shares.auth)
    expect(fromB64(answer.recovery_share)).toEqual(wallet.shares.recovery)
    const secret = await combineWalletShares(fromB64(answer.auth_share), fromB64(answer.recovery_share))
    expect(bytesToHex(secret)).toBe(bytesToHex(wallet.secret))
    expect(ethereumKeyOf(secret).address).toBe(wallet.address)
    expect((await call('recover', { address: wallet.address }, token, TEST_ORIGIN)).status).toBe(403)
    expect((await call('recover', { address: wallet.address }, await newUser())).status).toBe(404)
  })

  it('recover of a Solana wallet rebuilds its ed25519 key', async () => {
    const token = await newUser()
    const sol = await makeWallet('solana')
    await call('create', createBody(sol, { chain_type: 'solana' }), token)
    const answer = await (await call('recover', { address: sol.address }, token)).json()
    expect(answer).toMatchObject({ chain_type: 'solana', wallet_index: 0, wallets: [{ address: sol.address, wallet_index: 0 }] })
    const secret = await combineWalletShares(fromB64(answer.auth_share), fromB64(answer.recovery_share))
    expect(solanaKeypairOf(secret).address).toBe(sol.address)
  })

  it('recover of a wallet with user-owned recovery answers unsupported_recovery_method with the method, and releases nothing', async () => {
    const token = await newUser()
    const wallet = await makeWallet()
    const created = (await (await call('create', createBody(wallet), token)).json()) as RawUser
    await t.server.db.query("UPDATE embedded_wallet_roots SET recovery_method = 'google-drive' WHERE id = $1", [walletAccounts(created)[0]!.rootId])
    const res = await call('recover', { address: wallet.address }, token)
    expect(res.status).toBe(400)
    const answer = await res.json()
    expect(answer).toEqual({ code: 'unsupported_recovery_method', error: 'This wallet is not recovered automatically', data: { recovery_method: 'google-drive' } })
  })

  it('add: the next HD wallet of the root, walletIndex 1, 2, …; a wrong index, a duplicate or an imported root is refused', async () => {
    const token = await newUser()
    const wallet = await makeWallet()
    await call('create', createBody(wallet), token)
    const one = ethereumKeyOf(wallet.secret, 1).address
    const two = ethereumKeyOf(wallet.secret, 2).address
    const before = await counts()
    const skipped = await call('add', { address: wallet.address, wallet_index: 2, new_address: two }, token)
    expect(skipped.status).toBe(400)
    expect(await skipped.json()).toEqual({ code: 'invalid_wallet_index', error: 'wallet_index must be 1, the next free index' })
    const res = await call('add', { address: wallet.address, wallet_index: 1, new_address: one }, token)
    expect(res.status).toBe(200)
    const wallets = walletAccounts(await res.json())
    expect(wallets.map((w) => [w.address, w.walletIndex, w.connectorType])).toEqual([[wallet.address, 0, 'embedded'], [one, 1, 'embedded']])
    expect(wallets[1]!.rootId).toBe(wallets[0]!.rootId)
    // No new root or share: the additional wallet derives from the same secret.
    expect(await counts()).toEqual({ ...before, wallets: before.wallets + 1 })
    expect((await (await call('add', { address: wallet.address, wallet_index: 1, new_address: one }, token)).json()).code).toBe('invalid_wallet_index')
    expect((await (await call('add', { address: one, wallet_index: 2, new_address: one }, token)).json()).code).toBe('wallet_already_exists')
    expect((await (await call('add', { address: one, wallet_index: 2, new_address: (await makeWallet('solana')).address }, token)).json()).code).toBe('invalid_data')
    // Either wallet's address finds the root, and the share answer lists both.
    const share = await (await call('auth_share', { address: one }, token)).json()
    expect(share).toMatchObject({ wallet_index: 1, wallets: [{ address: wallet.address, wallet_index: 0 }, { address: one, wallet_index: 1 }] })
    expect((await call('add', { address: wallet.address, wallet_index: 2, new_address: two }, await newUser())).status).toBe(404)

    const importer = await newUser()
    const key = await makeWallet('ethereum', crypto.getRandomValues(new Uint8Array(32)))
    await call('create', createBody(key, { imported: true }), importer)
    const onImported = await call('add', { address: key.address, wallet_index: 1, new_address: (await makeWallet()).address }, importer)
    expect((await onImported.json()).code).toBe('invalid_wallet_index')
  })

  it("an address another user's wallet already has is refused", async () => {
    const wallet = await makeWallet()
    await call('create', createBody(wallet), await newUser())
    const other = await newUser()
    const before = await counts()
    const res = await call('create', createBody({ ...(await makeWallet()), address: wallet.address }), other)
    expect((await res.json()).code).toBe('linked_to_another_user')
    expect(await counts()).toEqual(before)
  })

  it("an external-wallet unlink can't drop an embedded wallet's account", async () => {
    const token = await newUser()
    const wallet = await makeWallet()
    await call('create', createBody(wallet), token)
    const res = await t.request('/api/v1/siwe/unlink', { body: { address: wallet.address }, token })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ code: 'not_allowed', error: 'An embedded wallet cannot be unlinked.' })
    expect((await call('auth_share', { address: wallet.address }, token)).status).toBe(200)
    // Other addresses still reach the route, which reads the body the guard read first.
    const other = await t.request('/api/v1/siwe/unlink', { body: { address: (await makeWallet()).address }, token })
    expect([other.status, (await other.json()).code]).toEqual([404, 'not_found'])
  })

  it("an account-transfer prompt discloses the other user's embedded wallet address", async () => {
    const owner = await t.login('transfer.owner@example.com')
    const wallet = await makeWallet()
    await call('create', createBody(wallet), owner.token!)
    // A guest (no e-mail of its own yet) links the owner's e-mail.
    const guest = await t.request('/api/v1/guest/authenticate', { body: { guest_credential: createGuestCredential() } })
    const token = ((await guest.json()) as { token: string }).token
    await t.request('/api/v1/passwordless/init', { body: { email: 'transfer.owner@example.com' } })
    const code = await t.lastCode('transfer.owner@example.com')
    const res = await t.request('/api/v1/passwordless/link', { body: { email: 'transfer.owner@example.com', code }, token })
    expect(res.status).toBe(400)
    const answer = await res.json()
    expect(answer.code).toBe('account_transfer_required')
    expect(answer.data.embedded_wallet_address).toBe(wallet.address)
  })

  it('the public app config carries embedded_wallet_config and the frame origin', async () => {
    const config = await (await t.request(`/api/v1/apps/${t.appId}`)).json()
    expect(config.embedded_wallet_config).toEqual({ create_on_login: 'users-without-wallets', user_owned_recovery_options: [], require_user_owned_recovery_on_create: false })
    expect(config.embedded_wallet_origin).toBe(WALLET_ORIGIN)
  })

  it('counts every release on /metrics by kind, as many as it logs', async () => {
    const text = await (await t.app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text()
    const counted = (kind: string) => Number(new RegExp(`^foyer_share_releases_total\\{kind="${kind}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0)
    expect(counted('auth')).toBe(logs.filter((line) => line.includes('] auth share released')).length)
    expect(counted('automatic_recovery')).toBe(logs.filter((line) => line.includes('auth and recovery shares released (automatic recovery)')).length)
    expect(counted('auth')).toBeGreaterThan(3)
  })

  it('logs who, which root and when for every release, and never a share', () => {
    const released = logs.filter((line) => line.includes('auth share released'))
    expect(released.length).toBeGreaterThan(3)
    expect(released[0]).toMatch(/^\[embedded-wallet\] auth share released: user did:foyer:\w+, wallet root [\w-]{36}, at \d{4}-\d\d-\d\dT/)
    expect(logs.some((line) => line.includes('auth and recovery shares released (automatic recovery)'))).toBe(true)
    const text = logs.join('\n')
    expect(madeShares.length).toBeGreaterThan(20)
    for (const share of madeShares) {
      for (const form of [b64(share), Buffer.from(share).toString('base64url'), Buffer.from(share).toString('hex'), b64(share.subarray(0, 12))]) {
        expect(text).not.toContain(form)
      }
    }
  })
})
