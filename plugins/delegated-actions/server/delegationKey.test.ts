import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { serverMigrations } from '../../../core/server/db/serverMigrations.js'
import type { Db } from '../../../core/server/index.js'
import { createTestServer, TEST_APP_ID, type TestServer } from '../../../test/kit/createTestServer.js'
import { createBody, custodyCall, makeWallet, solanaKeypairAt, WALLET_ORIGIN } from '../../../test/kit/embeddedWallets.js'
import { openTemplateDb } from '../../../test/kit/pgliteTemplate.js'
import { startPostgresServer } from '../../../test/kit/postgresServer.js'
import { emailServer } from '../../email/server.js'
import { sealDelegationEnvelope } from '../delegationEnvelope.js'
import { embeddedWalletServer } from '../../embedded-wallet/server.js'
import { DELEGATED_SOLANA_RPC_PATH } from '../api.js'
import { delegatedActionsServer } from '../server.js'
import { checkDelegationKey, DEV_DELEGATION_KEY_FILE, resolveDelegationKey } from './delegationKey.js'

const logger = { info() {}, warn() {}, error() {} }
const dbs: Db[] = []
const database = async () => {
  const db = await openTemplateDb(serverMigrations([]))
  dbs.push(db)
  return db
}
afterEach(async () => {
  vi.unstubAllEnvs()
  for (const db of dbs.splice(0)) await db.close()
})

describe('the delegation signer key', () => {
  it('is required in production, and must differ from the wallet keys', async () => {
    expect(() => checkDelegationKey({ env: {}, dev: false })).toThrow(/FOYER_DELEGATION_KEY/)
    const same = randomBytes(32).toString('base64')
    expect(() => checkDelegationKey({ env: { FOYER_DELEGATION_KEY: same, FOYER_WALLET_KEK: same }, dev: false })).toThrow(/must differ from FOYER_WALLET_KEK/)
    const key = await resolveDelegationKey({ env: { FOYER_DELEGATION_KEY: same }, dev: false, dataDir: null, db: await database(), logger })
    expect(key.publicKey).toHaveLength(32)
    expect(key.keyId).toMatch(/^[0-9a-f]{16}$/)
  })

  it('dev generates one into the database (no file) and reads the same one back; an older dev folder\'s file is moved there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-delegation-'))
    try {
      const db = await database()
      const first = await resolveDelegationKey({ env: {}, dev: true, dataDir: dir, db, logger })
      const again = await resolveDelegationKey({ env: {}, dev: true, dataDir: null, db, logger })
      expect(again.keyId).toBe(first.keyId)
      expect(existsSync(join(dir, DEV_DELEGATION_KEY_FILE))).toBe(false)

      const old = randomBytes(32)
      writeFileSync(join(dir, DEV_DELEGATION_KEY_FILE), JSON.stringify({ FOYER_DELEGATION_KEY: old.toString('base64') }))
      const other = await database()
      const moved = await resolveDelegationKey({ env: {}, dev: true, dataDir: dir, db: other, logger })
      expect(Buffer.from(moved.privateKey)).toEqual(old)
      rmSync(join(dir, DEV_DELEGATION_KEY_FILE))
      expect((await resolveDelegationKey({ env: {}, dev: true, dataDir: null, db: other, logger })).keyId).toBe(moved.keyId)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('on PostgreSQL without a data folder, instance B signs with a delegation sealed through instance A, also after both restart', async () => {
    vi.stubEnv('FOYER_DELEGATION_KEY', '')
    const pg = await startPostgresServer()
    const appSecret = randomBytes(24).toString('base64url')
    const start = () =>
      createTestServer({
        databaseUrl: pg.url,
        walletOrigin: WALLET_ORIGIN,
        plugins: [emailServer(), embeddedWalletServer(), delegatedActionsServer({ env: {} })],
        app: { 'embedded-wallet': {}, 'delegated-actions': { app_secret: appSecret } },
      })
    const signs = async (server: TestServer, address: string) => {
      const message = Buffer.from(`hello ${address}`)
      const res = await server.request(DELEGATED_SOLANA_RPC_PATH, {
        body: { address, method: 'signMessage', params: { message: message.toString('base64') } },
        headers: { authorization: `Basic ${Buffer.from(`${TEST_APP_ID}:${appSecret}`).toString('base64')}` },
      })
      expect(res.status).toBe(200)
      return (await res.json()) as { data: { signature: string } }
    }
    try {
      let [a, b] = await Promise.all([start(), start()])
      let address: string
      try {
        // The frame's consent through A: A's signer key, the wallet's key sealed to it.
        const { token } = await a.login('delegate@example.com')
        const wallet = await makeWallet('solana')
        address = wallet.address
        expect((await custodyCall(a, token!)('create', createBody(wallet, { chain_type: 'solana' }))).status).toBe(200)
        const route = (path: string) => `/api/v1/delegated_actions/${path}`
        const frame = async (server: TestServer, path: string, body: unknown) =>
          server.request(route(path), { body, token: token!, headers: { origin: WALLET_ORIGIN, ...(await server.device.proofHeader(route(path), token!)) } })
        const signer = (await (await frame(a, 'signer_key', {})).json()) as { public_key: string; key_id: string; user_id: string }
        const keypair = solanaKeypairAt(wallet.secret, 0)
        const envelope = await sealDelegationEnvelope(keypair.secretKey, new Uint8Array(Buffer.from(signer.public_key, 'base64')), { appId: TEST_APP_ID, userId: signer.user_id, address })
        expect((await frame(a, 'consent', { address, chain_type: 'solana', key_id: signer.key_id, envelope })).status).toBe(200)
        const { data } = await signs(b, address)
        expect(ed25519.verify(Buffer.from(data.signature, 'base64'), Buffer.from(`hello ${address}`), keypair.publicKey)).toBe(true)
      } finally {
        await Promise.all([a.close(), b.close()])
      }
      ;[a, b] = await Promise.all([start(), start()])
      try {
        await signs(a, address)
        await signs(b, address)
      } finally {
        await Promise.all([a.close(), b.close()])
      }
    } finally {
      await pg.close()
    }
  })
})
