import { generateKeyPair, SignJWT, decodeJwt, decodeProtectedHeader, exportSPKI, importJWK, type JWK } from 'jose'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { initdbDumpFile } from '../../test/kit/pgliteTemplate.js'
import { startPostgresServer, type PostgresServer } from '../../test/kit/postgresServer.js'
import { main } from './cli/main.js'
import { rotateSigningKeyCommand } from './cli/rotateSigningKey.js'
import { createPostgresDb } from './db/createPostgresDb.js'
import type { Db } from './db/Db.js'
import { rotateSigningKey } from './rotateSigningKey.js'
import { insertSigningKey, signingKeySchedule } from './signingKeys.js'

const HOUR = 3600_000
let clock = Date.parse('2026-06-01T00:00:00Z')
let pg: PostgresServer
let a: TestServer
let b: TestServer
let logins = 0
/** A new user's token from `server` (a new e-mail each time: no login rate limit is met). */
const login = async (server: TestServer) => (await server.login(`rotation.${++logins}@example.com`)).token!

/** A Db that counts the statements reading signing_keys (the key-set reloads). */
function counting(db: Db, tally: () => void): Db {
  const wrap = (inner: Db): Db => ({
    kind: inner.kind,
    stats: () => inner.stats(),
    close: () => inner.close(),
    exec: (sql) => inner.exec(sql),
    query(sql, params) {
      if (/FROM signing_keys/.test(sql)) tally()
      return inner.query(sql, params)
    },
    tx: (fn) => inner.tx((tx) => fn(wrap(tx))),
  })
  return wrap(db)
}

async function start(): Promise<TestServer> {
  let counted = 0
  const server = await createTestServer({ db: counting(await createPostgresDb(pg.url), () => counted++), now: () => clock })
  Object.defineProperty(server, 'reloads', { get: () => counted })
  return server
}
const reloadsOf = (server: TestServer) => (server as TestServer & { reloads: number }).reloads
const kidOf = (token: string) => decodeProtectedHeader(token).kid
const jwksKids = async (server: TestServer) => ((await (await server.request(`/api/v1/apps/${server.appId}/jwks.json`, { noAppId: true })).json()) as { keys: JWK[] }).keys.map((k) => k.kid)
const me = (server: TestServer, token: string) => server.request('/api/v1/users/me', { token }).then((r) => r.status)
const verificationKey = async (server: TestServer) => ((await (await server.request(`/api/v1/apps/${server.appId}`)).json()) as { verification_key: string }).verification_key
const spkiOf = async (server: TestServer, kid: string) => {
  const { keys } = (await (await server.request(`/api/v1/apps/${server.appId}/jwks.json`, { noAppId: true })).json()) as { keys: JWK[] }
  return exportSPKI((await importJWK(keys.find((k) => k.kid === kid)!, 'ES256')) as CryptoKey)
}

beforeAll(async () => {
  pg = await startPostgresServer()
  // Two instances start together on an empty database: one first key, which both use.
  ;[a, b] = await Promise.all([start(), start()])
})
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()])
  await pg?.close()
})

describe('signing keys rotate without restarts (two instances, one PostgreSQL)', () => {
  it('publishes the next key before it signs, signs with it once active, and keeps the old one verifying until its tokens expire', async () => {
    const first = (await login(a))
    const k1 = kidOf(first)
    expect(await jwksKids(a)).toEqual([k1])
    expect(await jwksKids(b)).toEqual([k1])
    expect(kidOf((await login(b)))).toBe(k1)

    // foyer rotate-signing-key against the same database.
    const lines: string[] = []
    const rotated = await rotateSigningKeyCommand({ databaseUrl: pg.url, now: clock, leadSeconds: 600, print: (l) => lines.push(l) })
    expect(rotated).toMatchObject({ created: true, retired: [] })
    expect(rotated.activatesAt.getTime()).toBe(clock + 600_000)
    expect(lines.join('\n')).toContain(rotated.kid)
    const k2 = rotated.kid
    // A second rotation before the key activates adds none.
    expect(await rotateSigningKey(a.server.db, { now: clock + 1000, leadSeconds: 600 })).toMatchObject({ kid: k2, created: false })

    // Within one refresh interval both publish k2 ...
    clock += 61_000
    expect(await jwksKids(a)).toEqual([k1, k2])
    expect(await jwksKids(b)).toEqual([k1, k2])
    // ... and neither signs with it yet.
    expect(kidOf((await login(a)))).toBe(k1)
    clock = rotated.activatesAt.getTime() - 1000
    const lastOfK1 = (await login(b))
    expect(kidOf(lastOfK1)).toBe(k1)

    // Activation: both sign with k2, and the app config's verification_key is k2's.
    clock = rotated.activatesAt.getTime()
    const fromA = (await login(a))
    const fromB = (await login(b))
    expect([kidOf(fromA), kidOf(fromB)]).toEqual([k2, k2])
    const k2Spki = await spkiOf(a, k2)
    expect(await verificationKey(a)).toBe(k2Spki)
    expect(await verificationKey(b)).toBe(k2Spki)
    for (const server of [a, b]) for (const token of [fromA, fromB, first, lastOfK1]) expect(await me(server, token)).toBe(200)

    // The last token k1 signed verifies on both until it expires, then not.
    clock = decodeJwt(lastOfK1).exp! * 1000 - 1000
    expect([await me(a, lastOfK1), await me(b, lastOfK1)]).toEqual([200, 200])
    expect(await jwksKids(b)).toContain(k1)
    clock += 2000
    expect([await me(a, lastOfK1), await me(b, lastOfK1)]).toEqual([401, 401])

    // An hour and five minutes after k2 took over, k1 is no longer published; a rotation marks it retired.
    clock = rotated.activatesAt.getTime() + HOUR + 300_000 + 1000
    expect(await jwksKids(a)).toEqual([k2])
    const next = await rotateSigningKey(a.server.db, { now: clock, leadSeconds: 600 })
    expect(next.retired).toEqual([k1])
    const [row] = await a.server.db.query<{ retired_at: Date | null }>('SELECT retired_at FROM signing_keys WHERE kid = $1', [k1])
    expect(row!.retired_at).not.toBeNull()
  })

  it('refuses a token of an unknown kid (401) with at most one key reload, however many arrive', async () => {
    const real = (await login(a))
    const claims = decodeJwt(real)
    const { privateKey } = await generateKeyPair('ES256')
    const forged = (kid: string) =>
      new SignJWT({ sid: claims.sid }).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).setSubject(claims.sub!).setAudience(a.appId).setIssuer('foyer').setIssuedAt(claims.iat!).setExpirationTime(claims.exp!).sign(privateKey)
    // A known kid over another key's signature: refused by the signature, no reload.
    await jwksKids(a)
    const before = reloadsOf(a)
    expect(await me(a, await forged(kidOf(real)!))).toBe(401)
    expect(reloadsOf(a)).toBe(before)
    // An unknown kid: one reload, then none for the next ones (5 s apart at most once), all refused.
    clock += 6000
    const statuses = []
    for (let i = 0; i < 20; i++) statuses.push(await me(a, await forged(`k_forged_${i}`)))
    expect(new Set(statuses)).toEqual(new Set([401]))
    expect(reloadsOf(a) - before).toBe(1)
    const body = await (await a.request('/api/v1/users/me', { token: await forged('k_forged') })).json()
    expect(body.code).toBe('unauthorized')
  })

  it('a key another instance made a moment ago (no lead) is loaded when its first token arrives', async () => {
    clock += 61_000
    await jwksKids(b)
    const before = reloadsOf(b)
    // An emergency key, active at once: A reloads (its JWKS route does) and signs with it; B reloaded just before it.
    const kid = await insertSigningKey(a.server.db, { now: clock, activatesAt: clock })
    expect(await jwksKids(a)).toContain(kid)
    const token = await login(a)
    expect(kidOf(token)).toBe(kid)
    clock += 6000
    expect(await me(b, token)).toBe(200)
    expect(reloadsOf(b) - before).toBe(1)
  })
})

describe('signingKeySchedule', () => {
  it('signs with the newest active key, publishes pending ones, and keeps a replaced key 65 minutes', () => {
    const keys = [{ kid: 'old', activatesAt: 0 }, { kid: 'cur', activatesAt: 10 * HOUR }, { kid: 'next', activatesAt: 20 * HOUR }]
    const at = (now: number) => {
      const s = signingKeySchedule(keys, now)
      return { signing: s.signing!.kid, live: s.live.map((k) => k.kid), retirable: s.retirable.map((k) => k.kid) }
    }
    expect(at(HOUR)).toEqual({ signing: 'old', live: ['old', 'cur', 'next'], retirable: [] })
    expect(at(11 * HOUR)).toEqual({ signing: 'cur', live: ['old', 'cur', 'next'], retirable: [] })
    expect(at(11 * HOUR + 300_000)).toEqual({ signing: 'cur', live: ['cur', 'next'], retirable: ['old'] })
    expect(at(21 * HOUR + 300_000)).toEqual({ signing: 'next', live: ['next'], retirable: ['old', 'cur'] })
  })
})

describe('foyer <command>', () => {
  it('answers usage and exit code 2 for an unknown command, and refuses a lead shorter than the refresh and JWKS cache', async () => {
    const out: string[] = []
    const err: string[] = []
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }
    expect(await main(['frobnicate'], io)).toBe(2)
    expect(err.join('\n')).toMatch(/unknown command frobnicate[\s\S]*Usage: foyer <command>/)
    expect(await main([], io)).toBe(2)
    expect(await main(['rotate-signing-key', '--lead'], io)).toBe(2)
    expect(await main(['rotate-signing-key', '--lead-seconds', '30'], io)).toBe(1)
    expect(err.at(-1)).toMatch(/at least 360/)
    expect(await main(['--help'], io)).toBe(0)
    expect(out.join('\n')).toContain('rotate-signing-key')
  })

  it('with PGlite, refuses to run while a server has the data folder open, and runs once it is closed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'foyer-rotate-'))
    try {
      const server = await createTestServer({ dataDir, pgliteTemplate: await initdbDumpFile() })
      try {
        await expect(rotateSigningKeyCommand({ dataDir, print: () => {} })).rejects.toThrow(/PGlite data folder/)
      } finally {
        await server.close()
      }
      const lines: string[] = []
      expect(await rotateSigningKeyCommand({ dataDir, print: (l) => lines.push(l) })).toMatchObject({ created: true })
      expect(lines.join('\n')).toMatch(/server must be stopped/)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
