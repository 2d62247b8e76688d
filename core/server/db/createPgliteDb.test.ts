import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../../plugins/email/server.js'
import { createServer } from '../createServer.js'
import { createPgliteDb } from './createPgliteDb.js'
import type { Db } from './Db.js'
import { findUnstorableText } from './unstorableText.js'

const quiet = { info() {}, warn() {}, error() {} }
const dir = mkdtempSync(join(tmpdir(), 'foyer-template-test-'))
let template: Blob
beforeAll(async () => {
  // A template with a marker table: a database that started from it has the table, one from initdb doesn't.
  const pg = await PGlite.create({ loadDataDir: await (await import('../../../test/kit/pgliteTemplate.js')).initdbDump() })
  await pg.exec(`CREATE TABLE template_marker (v text); INSERT INTO template_marker VALUES ('from the template')`)
  template = await pg.dumpDataDir('none')
  await pg.close()
  writeFileSync(join(dir, 'template.tar'), new Uint8Array(await template.arrayBuffer()))
}, 120_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const marker = async (db: Db) => (await db.query<{ v: string }>('SELECT v FROM template_marker'))[0]?.v

describe('createPgliteDb from a template', () => {
  it('a new in-memory database starts from the dump (a Blob or a path), and is its own copy', async () => {
    const a = await createPgliteDb(':memory:', { template })
    const b = await createPgliteDb(':memory:', { template: join(dir, 'template.tar') })
    try {
      expect(await marker(a)).toBe('from the template')
      await a.query(`UPDATE template_marker SET v = 'changed'`)
      expect(await marker(b)).toBe('from the template')
    } finally {
      await a.close()
      await b.close()
    }
  })

  it('a data folder that already holds a database is opened as it is: the template never overwrites data', async () => {
    const folder = join(dir, 'data')
    const first = await createPgliteDb(folder, { template })
    await first.query(`UPDATE template_marker SET v = 'kept'`)
    await first.close()
    const again = await createPgliteDb(folder, { template })
    try {
      expect(await marker(again)).toBe('kept')
    } finally {
      await again.close()
    }
  })
})

describe('createServer({ db })', () => {
  it('uses the database it is given, migrates it, and closes it in close()', async () => {
    const db = await createPgliteDb(':memory:', { template })
    const server = await createServer({ db, dev: true, smtpUrl: '', logger: quiet, plugins: [emailServer()] })
    expect(await marker(server.db)).toBe('from the template')
    expect((await db.query<{ id: string }>(`SELECT id FROM schema_migrations WHERE id = 'email/001_codes'`)).length).toBe(1)
    await server.close()
    await expect(db.query('SELECT 1')).rejects.toThrow()
  })

  it('closes the given database when the start fails (here: a bad option)', async () => {
    const db = await createPgliteDb(':memory:', { template })
    await expect(createServer({ db, accessTokenTtlSeconds: 7200, logger: quiet })).rejects.toThrow(/accessTokenTtlSeconds/)
    await expect(db.query('SELECT 1')).rejects.toThrow()
  })

  it('refuses, before SQL, a parameter PostgreSQL cannot store: 400 invalid_data, and the transaction rolls back', async () => {
    const server = await createServer({ db: await createPgliteDb(':memory:', { template }), dev: true, smtpUrl: '', logger: quiet })
    try {
      for (const bad of ['a\u0000b', 'x\ud800', { nested: ['\udc00'] }, JSON.stringify({ name: 'n\u0000' })]) {
        await expect(server.db.query('INSERT INTO template_marker (v) VALUES ($1)', [bad])).rejects.toMatchObject({ status: 400, code: 'invalid_data' })
      }
      await expect(
        server.db.tx(async (tx) => {
          await tx.query(`INSERT INTO template_marker (v) VALUES ('inside')`)
          await tx.query('INSERT INTO template_marker (v) VALUES ($1)', ['\u0000'])
        }),
      ).rejects.toMatchObject({ status: 400 })
      // What PostgreSQL itself refuses (a NUL escape built inside SQL) is the same 400, not a 500.
      await expect(server.db.query(`SELECT '{"a":"\\u0000"}'::jsonb`)).rejects.toMatchObject({ status: 400, code: 'invalid_data' })
      expect((await server.db.query<{ v: string }>('SELECT v FROM template_marker')).map((r) => r.v)).toEqual(['from the template'])
      // Good text, a surrogate pair included, goes in.
      await server.db.query('INSERT INTO template_marker (v) VALUES ($1)', ['ünï 🎉 \\u0000'])
      expect(await server.db.query('SELECT 1 FROM template_marker WHERE v = $1', ['ünï 🎉 \\u0000'])).toHaveLength(1)
    } finally {
      await server.close()
    }
  })
})

describe('findUnstorableText', () => {
  it.each([
    ['NUL', 'a\u0000', 'character'],
    ['lone high surrogate', '\ud800x', 'character'],
    ['lone low surrogate', 'x\udfff', 'character'],
    ['in a key', { ['k\u0000']: 1 }, 'character'],
    ['deep in arrays', [[[{ a: ['\ud800'] }]]], 'character'],
    ['escaped inside a JSON string', '{"a":"\\u0000"}', 'character'],
    ['nesting beyond the limit', JSON.parse(`${'['.repeat(100)}${']'.repeat(100)}`), 'depth'],
    ['a surrogate pair', '🎉', null],
    ['the six characters \\u0000 as text', '\\u0000', null],
    ['an escaped backslash before u0000 in JSON', '{"a":"\\\\u0000"}', null],
    ['numbers, booleans, null, dates', [1, true, null, new Date()], null],
  ])('%s', (_name, value, expected) => {
    expect(findUnstorableText(value)).toBe(expected)
  })
})
