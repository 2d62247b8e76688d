import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { serverMigrations } from '../../../../core/server/db/serverMigrations.js'
import type { Db } from '../../../../core/server/index.js'
import { createTestServer } from '../../../../test/kit/createTestServer.js'
import { initdbDumpFile, openTemplateDb } from '../../../../test/kit/pgliteTemplate.js'
import { startPostgresServer } from '../../../../test/kit/postgresServer.js'
import { emailServer } from '../../../email/server.js'
import { ethereumKeyOf } from '../../../../test/kit/walletFrameKit.js'
import { combineWalletShares } from '../../../../test/kit/walletFrameKit.js'
import { custodyCall, makeWallet } from '../../../../test/kit/embeddedWallets.js'
import { embeddedWalletServer } from '../../server.js'
import { checkWalletKeys, DEV_WALLET_KEYS_FILE, parseKek, resolveWalletKeys } from './walletKeys.js'

const quiet = { info() {}, warn() {}, error() {} }
const key = () => randomBytes(32).toString('base64')
const folders: string[] = []
const dbs: Db[] = []
const database = async () => {
  const db = await openTemplateDb(serverMigrations([]))
  dbs.push(db)
  return db
}
const devSecrets = async (db: Db) =>
  (await db.query<{ name: string }>(`SELECT name FROM server_secrets WHERE name LIKE 'embedded_wallet_dev_%' ORDER BY name`)).map((r) => r.name)
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-wallet-keys-'))
  folders.push(dir)
  return dir
}
afterEach(async () => {
  vi.unstubAllEnvs()
  for (const db of dbs.splice(0)) await db.close()
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

  it('production without keys refuses, naming the missing variables', async () => {
    const base = { dev: false, dataDir: null, logger: quiet }
    expect(() => checkWalletKeys({ ...base, env: {} })).toThrow(/^Embedded wallets need FOYER_WALLET_KEK and FOYER_RECOVERY_KEK in production/)
    expect(() => checkWalletKeys({ ...base, env: { FOYER_WALLET_KEK: key() } })).toThrow(/^Embedded wallets need FOYER_RECOVERY_KEK in production/)
    expect(() => checkWalletKeys({ ...base, env: { FOYER_WALLET_KEK: 'short', FOYER_RECOVERY_KEK: key() } })).toThrow(/^FOYER_WALLET_KEK must be 32 random bytes/)
    const db = await database()
    const same = key()
    await expect(resolveWalletKeys({ ...base, db, env: { FOYER_WALLET_KEK: same, FOYER_RECOVERY_KEK: same } })).rejects.toThrow(/must be two different keys/)
    const keys = await resolveWalletKeys({ ...base, db, env: { FOYER_WALLET_KEK: key() }, recoveryKek: key() })
    expect(keys.walletKek).toHaveLength(32)
    expect(await devSecrets(db)).toEqual([])
  })

  it('dev generates the keys once into the database, not the data folder, and reads them back; the environment wins', async () => {
    const dir = folder()
    const db = await database()
    const warnings: string[] = []
    const first = await resolveWalletKeys({ dev: true, dataDir: dir, db, env: {}, logger: { ...quiet, warn: (m) => warnings.push(m) } })
    expect(await devSecrets(db)).toEqual(['embedded_wallet_dev_recovery_kek', 'embedded_wallet_dev_wallet_kek'])
    expect(existsSync(join(dir, DEV_WALLET_KEYS_FILE))).toBe(false)
    expect(warnings.join('\n')).toMatch(/FOYER_WALLET_KEK is not set: generated one and kept it in the database/)
    // No key in any line: neither as base64 nor as hex.
    for (const bytes of [first.walletKek, first.recoveryKek]) for (const form of ['base64', 'hex'] as const) expect(warnings.join()).not.toContain(Buffer.from(bytes).toString(form))
    expect(await resolveWalletKeys({ dev: true, dataDir: null, db, env: {}, logger: quiet })).toEqual(first)
    const mine = randomBytes(32)
    const mixed = await resolveWalletKeys({ dev: true, dataDir: dir, db, env: { FOYER_WALLET_KEK: mine.toString('hex') }, logger: quiet })
    expect(Buffer.from(mixed.walletKek)).toEqual(mine)
    expect(mixed.recoveryKek).toEqual(first.recoveryKek)
  })

  it('a key file an older dev server left in the data folder is moved into the database: its wallets keep opening', async () => {
    const dir = folder()
    const old = { FOYER_WALLET_KEK: key(), FOYER_RECOVERY_KEK: key() }
    writeFileSync(join(dir, DEV_WALLET_KEYS_FILE), JSON.stringify(old), { mode: 0o600 })
    const db = await database()
    const infos: string[] = []
    const keys = await resolveWalletKeys({ dev: true, dataDir: dir, db, env: {}, logger: { ...quiet, info: (m) => infos.push(m) } })
    expect(Buffer.from(keys.walletKek).toString('base64')).toBe(old.FOYER_WALLET_KEK)
    expect(Buffer.from(keys.recoveryKek).toString('base64')).toBe(old.FOYER_RECOVERY_KEK)
    expect(infos.join('\n')).toMatch(/moved FOYER_WALLET_KEK from .* into the database/)
    expect(infos.join()).not.toContain(old.FOYER_WALLET_KEK)
    // From now on the database answers, folder or not.
    rmSync(join(dir, DEV_WALLET_KEYS_FILE))
    expect(await resolveWalletKeys({ dev: true, dataDir: null, db, env: {}, logger: quiet })).toEqual(keys)
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

  it('keys generated by a dev server on a data folder survive a restart: shares stored before open after', async () => {
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
    expect(existsSync(join(dataDir, DEV_WALLET_KEYS_FILE))).toBe(false)

    const second = await createTestServer({ ...options, plugins: [emailServer(), embeddedWalletServer()] })
    try {
      const { token } = await second.login('restart@example.com')
      const res = await post(second, 'recover', { address }, token!)
      expect(res.status).toBe(200)
      const answer = await res.json()
      const rebuilt = await combineWalletShares(new Uint8Array(Buffer.from(answer.auth_share, 'base64')), new Uint8Array(Buffer.from(answer.recovery_share, 'base64')))
      expect(ethereumKeyOf(rebuilt).address).toBe(address)
    } finally {
      await second.close()
    }
  })
})

describe('dev wallet keys on PostgreSQL (DATABASE_URL, no data folder)', () => {
  it('a wallet made through instance A releases its shares on instance B, and on both after a restart', async () => {
    vi.stubEnv('FOYER_WALLET_KEK', '')
    vi.stubEnv('FOYER_RECOVERY_KEK', '')
    const pg = await startPostgresServer()
    const walletOrigin = 'http://localhost:8788'
    const start = () => createTestServer({ databaseUrl: pg.url, walletOrigin, app: { 'embedded-wallet': {} }, plugins: [emailServer(), embeddedWalletServer()] })
    const { address, shares } = await makeWallet()
    const recovers = async (server: Awaited<ReturnType<typeof start>>) => {
      const { token } = await server.login('instances@example.com')
      const res = await custodyCall(server, token, walletOrigin)('recover', { address })
      expect(res.status).toBe(200)
      const answer = await res.json()
      const rebuilt = await combineWalletShares(new Uint8Array(Buffer.from(answer.auth_share, 'base64')), new Uint8Array(Buffer.from(answer.recovery_share, 'base64')))
      expect(ethereumKeyOf(rebuilt).address).toBe(address)
    }
    try {
      // Both start together on an empty database: they must agree on one pair of keys.
      let [a, b] = await Promise.all([start(), start()])
      try {
        const { token } = await a.login('instances@example.com')
        const body = { chain_type: 'ethereum', address, recovery_method: 'privy', auth_share: Buffer.from(shares.auth).toString('base64'), recovery_share: Buffer.from(shares.recovery).toString('base64') }
        expect((await custodyCall(a, token, walletOrigin)('create', body)).status).toBe(200)
        await recovers(b)
      } finally {
        await Promise.all([a.close(), b.close()])
      }
      ;[a, b] = await Promise.all([start(), start()])
      try {
        await recovers(b)
        await recovers(a)
        const names = await a.server.db.query<{ name: string }>(`SELECT name FROM server_secrets WHERE name LIKE 'embedded_wallet_dev_%'`)
        expect(names).toHaveLength(2)
      } finally {
        await Promise.all([a.close(), b.close()])
      }
    } finally {
      await pg.close()
    }
  })
})
