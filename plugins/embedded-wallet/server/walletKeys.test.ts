import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestServer } from '../../../test/kit/createTestServer.js'
import { initdbDumpFile } from '../../../test/kit/pgliteTemplate.js'
import { emailServer } from '../../email/server.js'
import { ethereumAccountOf } from '../frame/keys/ethereumAccount.js'
import { combineWalletShares } from '../frame/keys/walletShares.js'
import { custodyCall, makeWallet } from '../../../test/kit/embeddedWallets.js'
import { embeddedWalletServer } from '../server.js'
import { DEV_WALLET_KEYS_FILE, parseKek, resolveWalletKeys } from './walletKeys.js'

const quiet = { info() {}, warn() {}, error() {} }
const key = () => randomBytes(32).toString('base64')
const folders: string[] = []
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-wallet-keys-'))
  folders.push(dir)
  return dir
}
afterEach(() => {
  vi.unstubAllEnvs()
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('wallet keys', () => {
  it('reads 32 bytes as base64, base64url or hex; anything else names the variable, never the value', () => {
    const bytes = randomBytes(32)
    for (const text of [bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('hex'), ` ${bytes.toString('hex')}\n`]) {
      expect(Buffer.from(parseKek('FOYER_WALLET_KEK', text))).toEqual(bytes)
    }
    for (const bad of [randomBytes(31).toString('base64'), randomBytes(33).toString('hex'), 'not a key', '']) {
      expect(() => parseKek('FOYER_WALLET_KEK', bad)).toThrow(/^FOYER_WALLET_KEK must be 32 random bytes as base64 or hex/)
      try {
        parseKek('FOYER_WALLET_KEK', bad)
      } catch (error) {
        if (bad) expect((error as Error).message).not.toContain(bad)
      }
    }
  })

  it('production without keys refuses, naming the missing variables', () => {
    const base = { dev: false, dataDir: null, logger: quiet }
    expect(() => resolveWalletKeys({ ...base, env: {} })).toThrow(/^Embedded wallets need FOYER_WALLET_KEK and FOYER_RECOVERY_KEK in production/)
    expect(() => resolveWalletKeys({ ...base, env: { FOYER_WALLET_KEK: key() } })).toThrow(/^Embedded wallets need FOYER_RECOVERY_KEK in production/)
    const same = key()
    expect(() => resolveWalletKeys({ ...base, env: { FOYER_WALLET_KEK: same, FOYER_RECOVERY_KEK: same } })).toThrow(/must be two different keys/)
    const keys = resolveWalletKeys({ ...base, env: { FOYER_WALLET_KEK: key() }, recoveryKek: key() })
    expect(keys.walletKek).toHaveLength(32)
  })

  it('dev generates the keys once into the data folder (owner-only file) and reads them back; the environment wins', () => {
    const dir = folder()
    const first = resolveWalletKeys({ dev: true, dataDir: dir, env: {}, logger: quiet })
    const file = join(dir, DEV_WALLET_KEYS_FILE)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(resolveWalletKeys({ dev: true, dataDir: dir, env: {}, logger: quiet })).toEqual(first)
    const mine = randomBytes(32)
    const mixed = resolveWalletKeys({ dev: true, dataDir: dir, env: { FOYER_WALLET_KEK: mine.toString('hex') }, logger: quiet })
    expect(Buffer.from(mixed.walletKek)).toEqual(mine)
    expect(mixed.recoveryKek).toEqual(first.recoveryKek)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ FOYER_WALLET_KEK: expect.any(String), FOYER_RECOVERY_KEK: expect.any(String) })
  })

  it('dev without a data folder keeps generated keys in memory and says so', () => {
    const warnings: string[] = []
    const a = resolveWalletKeys({ dev: true, dataDir: null, env: {}, logger: { ...quiet, warn: (m) => warnings.push(m) } })
    const b = resolveWalletKeys({ dev: true, dataDir: null, env: {}, logger: quiet })
    expect(a.walletKek).not.toEqual(b.walletKek)
    expect(warnings.join()).toMatch(/generated in memory/)
  })

  it('a production server with the plugin refuses to start without the keys, and starts with them', async () => {
    vi.stubEnv('FOYER_WALLET_KEK', '')
    vi.stubEnv('FOYER_RECOVERY_KEK', '')
    // The frame on a subdomain of the host's site (a cross-site pair is refused at start: sameSite.test.ts).
    const prod = { dev: false, smtpUrl: 'smtp://127.0.0.1:1', walletOrigin: 'https://wallet.example.com', app: { 'embedded-wallet': {}, allowed_origins: ['https://app.example.com'] } }
    await expect(createTestServer({ ...prod, plugins: [emailServer(), embeddedWalletServer()] })).rejects.toThrow(
      'Embedded wallets need FOYER_WALLET_KEK and FOYER_RECOVERY_KEK in production',
    )
    vi.stubEnv('FOYER_WALLET_KEK', key())
    vi.stubEnv('FOYER_RECOVERY_KEK', key())
    const started = await createTestServer({ ...prod, plugins: [emailServer(), embeddedWalletServer()] })
    await started.close()
  })

  it('keys generated into a dev data folder survive a restart: shares stored before open after', async () => {
    vi.stubEnv('FOYER_WALLET_KEK', '')
    vi.stubEnv('FOYER_RECOVERY_KEK', '')
    const dataDir = folder()
    const walletOrigin = 'http://localhost:8788'
    const options = { dataDir, pgliteTemplate: await initdbDumpFile(), walletOrigin, app: { 'embedded-wallet': {} } }
    const { address, shares } = await makeWallet()
    const post = (server: Awaited<ReturnType<typeof createTestServer>>, route: string, body: unknown, token: string) => custodyCall(server, token, walletOrigin)(route, body)

    const first = await createTestServer({ ...options, plugins: [emailServer(), embeddedWalletServer()] })
    try {
      const { token } = await first.login('restart@example.com')
      const body = { chain_type: 'ethereum', address, recovery_method: 'privy', auth_share: Buffer.from(shares.auth).toString('base64'), recovery_share: Buffer.from(shares.recovery).toString('base64') }
      expect((await post(first, 'create', body, token!)).status).toBe(200)
    } finally {
      await first.close()
    }
    expect(existsSync(join(dataDir, DEV_WALLET_KEYS_FILE))).toBe(true)

    const second = await createTestServer({ ...options, plugins: [emailServer(), embeddedWalletServer()] })
    try {
      const { token } = await second.login('restart@example.com')
      const res = await post(second, 'recover', { address }, token!)
      expect(res.status).toBe(200)
      const answer = await res.json()
      const rebuilt = await combineWalletShares(new Uint8Array(Buffer.from(answer.auth_share, 'base64')), new Uint8Array(Buffer.from(answer.recovery_share, 'base64')))
      expect(ethereumAccountOf(rebuilt).address).toBe(address)
    } finally {
      await second.close()
    }
  })
})
