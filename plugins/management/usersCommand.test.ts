import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../core/server/cli/main.js'
import { createTestServer, TEST_APP_ID, TEST_ORIGIN, type TestServer } from '../../test/kit/createTestServer.js'
import { initdbDumpFile } from '../../test/kit/pgliteTemplate.js'
import { emailServer } from '../email/server.js'
import { webhooksOf, webhooksServer } from '../webhooks/server.js'
import { managementServer } from './server.js'

// FOYER_IMPORT_BENCH=1: the 10,000-user file (its time in the note); by default 2,000 keep the suite quick.
const USERS = process.env.FOYER_IMPORT_BENCH === '1' ? 10_000 : 2_000

const apps = [{ id: TEST_APP_ID, name: 'Test App', allowed_origins: [TEST_ORIGIN], email_auth: true }]
const plugins = () => [emailServer(), managementServer(), webhooksServer()]

/** A Privy-shaped user: an e-mail and an external Ethereum wallet; every 10th with custom metadata, every 7th a Telegram id. */
const user = (i: number) => ({
  linked_accounts: [
    { type: 'email', address: `imported${i}@example.com` },
    { type: 'wallet', chain_type: 'ethereum', address: `0x${(0xabc000000 + i).toString(16).padStart(40, '0')}`, wallet_client_type: 'metamask' },
    ...(i % 7 === 0 ? [{ type: 'telegram', telegram_user_id: String(100_000 + i) }] : []),
  ],
  ...(i % 10 === 0 ? { custom_metadata: { legacy_id: i, tier: 'gold' } } : {}),
})

const lines = () => {
  const out: string[] = []
  const err: string[] = []
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } }
}

let dataDir: string
let file: string
const previous = { dataDir: process.env.FOYER_DATA_DIR, databaseUrl: process.env.DATABASE_URL }
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'foyer-import-'))
  file = join(dataDir, '..', `${dataDir.split('/').pop()}-users.jsonl`)
  writeFileSync(file, Array.from({ length: USERS }, (_, i) => JSON.stringify(user(i))).join('\n') + '\n')
  // The server made the folder, with a webhook endpoint for user.created; then it stopped (PGlite: one process).
  const t = await createTestServer({ dataDir, pgliteTemplate: await initdbDumpFile(), plugins: plugins(), apps })
  await webhooksOf(t.server.ctx).addEndpoint(TEST_APP_ID, { url: 'http://localhost:9/hook', events: ['user.created'] })
  await t.close()
  process.env.FOYER_DATA_DIR = dataDir
  delete process.env.DATABASE_URL
}, 60_000)
afterAll(() => {
  if (previous.dataDir === undefined) delete process.env.FOYER_DATA_DIR
  else process.env.FOYER_DATA_DIR = previous.dataDir
  if (previous.databaseUrl !== undefined) process.env.DATABASE_URL = previous.databaseUrl
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(file, { force: true })
})

const withServer = async <T>(fn: (t: TestServer) => Promise<T>): Promise<T> => {
  const t = await createTestServer({ dataDir, plugins: plugins(), apps })
  try {
    return await fn(t)
  } finally {
    await t.close()
  }
}
const count = (t: TestServer, sql: string) => t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`).then((r) => r[0]!.n)

describe('foyer users import', () => {
  it('refuses bad usage with exit code 2 and lists the command in the usage', async () => {
    const { err, out, io } = lines()
    for (const args of [['users'], ['users', 'export', TEST_APP_ID, file], ['users', 'import', TEST_APP_ID], ['users', 'import', 'short', file], ['users', 'import', TEST_APP_ID, file, 'extra']]) {
      expect(await main(args, io), args.join(' ')).toBe(2)
    }
    expect(err.join('\n')).toMatch(/users import <appId> <file> \[--dry-run\]/)
    expect(await main(['--help'], io)).toBe(0)
    expect(out.join('\n')).toMatch(/users import <appId> <file>/)
  })

  it(`a dry run of ${USERS.toLocaleString('en')} users reports them all as new and writes nothing`, async () => {
    const { out, io } = lines()
    expect(await main(['users', 'import', TEST_APP_ID, file, '--dry-run'], io)).toBe(0)
    expect(out.at(-1)).toMatch(new RegExp(`^Dry run \\(nothing written\\): ${USERS} rows for app ${TEST_APP_ID}: ${USERS} would be created, 0 existing, 0 conflict\\(s\\), 0 invalid`))
    console.log(`[import bench] dry run: ${out.at(-1)}`)
    await withServer(async (t) => expect(await count(t, 'users')).toBe(0))
  }, 300_000)

  it(`imports ${USERS.toLocaleString('en')} users in one run, with their events; a second run creates nothing`, async () => {
    const first = lines()
    const started = performance.now()
    expect(await main(['users', 'import', TEST_APP_ID, file], first.io), first.err.join('\n')).toBe(0)
    const seconds = (performance.now() - started) / 1000
    console.log(`[import bench] ${USERS} users through foyer users import on PGlite: ${seconds.toFixed(1)} s, ${Math.round(USERS / seconds)} users/s`)
    expect(first.out.at(-1)).toMatch(new RegExp(`${USERS} rows for app ${TEST_APP_ID}: ${USERS} created, 0 existing, 0 conflict\\(s\\), 0 invalid`))

    const again = lines()
    const restarted = performance.now()
    expect(await main(['users', 'import', TEST_APP_ID, file], again.io)).toBe(0)
    console.log(`[import bench] re-import (all existing): ${((performance.now() - restarted) / 1000).toFixed(1)} s`)
    expect(again.out.at(-1)).toMatch(new RegExp(`${USERS} rows for app ${TEST_APP_ID}: 0 created, ${USERS} existing, 0 conflict\\(s\\), 0 invalid`))

    await withServer(async (t) => {
      expect(await count(t, 'users')).toBe(USERS)
      expect(await count(t, 'linked_accounts')).toBe(USERS * 2 + Math.ceil(USERS / 7))
      expect(await count(t, `audit_log WHERE event = 'user.created' AND actor = 'cli'`)).toBe(USERS)
      expect(await count(t, `webhook_deliveries`)).toBe(USERS)
      // An imported user signs in with the imported e-mail, and has the imported wallet (external) and metadata.
      const { user: signedIn } = await t.login('imported20@example.com')
      const wallet = signedIn.linkedAccounts.find((a) => a.type === 'wallet') as { address: string; chainType: string; walletClientType: string } | undefined
      expect(wallet && { ...wallet, address: wallet.address.toLowerCase() }).toMatchObject({ address: (user(20).linked_accounts[1] as { address: string }).address, chainType: 'ethereum', walletClientType: 'unknown' })
      expect(signedIn.customMetadata).toEqual({ legacy_id: 20, tier: 'gold' })
    })
  }, 600_000)

  it('reports malformed lines and conflicts by row, storing nothing of them', async () => {
    const bad = join(dataDir, '..', `${dataDir.split('/').pop()}-bad.jsonl`)
    writeFileSync(
      bad,
      [
        JSON.stringify({ linked_accounts: [{ type: 'email', address: 'fresh@example.com' }] }),
        '{not json',
        JSON.stringify({ linked_accounts: [{ type: 'email', address: 'fresh2@example.com' }, { type: 'wallet', chain_type: 'ethereum', address: '0xnope' }] }),
        JSON.stringify({ linked_accounts: [{ type: 'email', address: 'imported1@example.com' }, { type: 'email', address: 'x' }] }),
        JSON.stringify({ linked_accounts: [{ type: 'email', address: 'imported1@example.com' }, { type: 'telegram', telegram_user_id: '1' }] }),
        // PostgreSQL can't store U+0000: the server's HTTP layer refuses such a body, the file's row is reported.
        JSON.stringify({ linked_accounts: [{ type: 'email', address: 'nul@example.com' }], custom_metadata: { note: 'a\u0000b' } }),
      ].join('\n'),
    )
    try {
      const { out, io } = lines()
      expect(await main(['users', 'import', TEST_APP_ID, bad], io)).toBe(0)
      expect(out).toEqual([
        'row 1: invalid Not JSON',
        expect.stringMatching(/^row 2: invalid linked_accounts\.1\.address: /),
        expect.stringMatching(/^row 3: invalid linked_accounts\.1\.address: /),
        expect.stringMatching(/^row 4: conflict linked_accounts\.0: This email account already belongs to another user/),
        'row 5: invalid custom_metadata.note: Text with a NUL character or an unpaired surrogate',
        expect.stringMatching(/^6 rows for app .*: 1 created, 0 existing, 1 conflict\(s\), 4 invalid/),
      ])
      await withServer(async (t) => {
        expect(await count(t, `linked_accounts WHERE identifier IN ('fresh2@example.com', '1', 'nul@example.com')`)).toBe(0)
        expect(await count(t, `linked_accounts WHERE identifier = 'fresh@example.com'`)).toBe(1)
      })
    } finally {
      rmSync(bad, { force: true })
    }
  }, 60_000)

  it('reads a .json file too: an array, or { users: [...] } as the API takes it', async () => {
    const json = join(dataDir, '..', `${dataDir.split('/').pop()}-users.json`)
    try {
      writeFileSync(json, JSON.stringify({ users: [user(0), { linked_accounts: [{ type: 'email', address: 'json-new@example.com' }] }] }))
      const { out, io } = lines()
      expect(await main(['users', 'import', TEST_APP_ID, json, '--dry-run'], io)).toBe(0)
      expect(out.at(-1)).toMatch(/^Dry run \(nothing written\): 2 rows for app .*: 1 would be created, 1 existing, 0 conflict\(s\), 0 invalid/)
      writeFileSync(json, JSON.stringify({ nope: true }))
      const refused = lines()
      expect(await main(['users', 'import', TEST_APP_ID, json], refused.io)).toBe(1)
      expect(refused.err.join('\n')).toMatch(/an array of users/)
    } finally {
      rmSync(json, { force: true })
    }
  }, 60_000)
})
