import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths, type RawUser } from '../../core/protocol/index.js'
import { createBody, custodyCall, makeWallet, WALLET_ORIGIN } from '../../test/kit/embeddedWallets.js'
import { codeOf, createManagementTestServer, type ManagementTestServer } from '../../test/kit/managementApi.js'
import { embeddedWalletServer } from '../embedded-wallet/server.js'
import { managementPaths } from './schema.js'

let m: ManagementTestServer
beforeAll(async () => {
  m = await createManagementTestServer({ plugins: [embeddedWalletServer()], walletOrigin: WALLET_ORIGIN, app: { 'embedded-wallet': { create_on_login: 'off' } } })
})
afterAll(() => m?.t.close())

const userPath = (id: string) => managementPaths.user.replace(':id', encodeURIComponent(id))

/**
 * Every row of every table with a text column equal to one of `values` (table.column: count), but the audit log's: it
 * is the record of what happened to the user, deletion included, kept for its retention (FOYER_AUDIT_RETENTION_DAYS).
 */
async function rowsHolding(values: string[]): Promise<Record<string, number>> {
  const columns = await m.t.server.db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying') AND table_name <> 'audit_log'`,
  )
  const found: Record<string, number> = {}
  for (const { table_name, column_name } of columns) {
    const [{ n }] = (await m.t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table_name}" WHERE "${column_name}" = ANY($1)`, [values])) as [{ n: number }]
    if (n) found[`${table_name}.${column_name}`] = n
  }
  return found
}

/** A signed-in user with two sessions, an embedded wallet (root and both server shares) and custom metadata. */
async function fullUser(email: string) {
  const first = await m.t.login(email)
  const second = await m.t.login(email)
  const wallet = await makeWallet()
  const res = await custodyCall(m.t, first.token)('create', createBody(wallet))
  expect(res.status, await res.clone().text()).toBe(200)
  const rootId = ((await res.json()) as RawUser).linkedAccounts.find((a) => a.type === 'wallet')!.rootId as string
  expect((await m.api(`${userPath(first.user.id)}/custom_metadata`, { body: { custom_metadata: { plan: 'pro' } } })).status).toBe(200)
  return { id: first.user.id, rootId, sessions: [first, second], address: wallet.address }
}

describe('DELETE /api/v1/users/:id', () => {
  it('deletes the user with its sessions, accounts, wallet root and server shares, metadata: no row of it remains', async () => {
    const doomed = await fullUser('doomed@example.com')
    const kept = await fullUser('kept@example.com')
    const before = await rowsHolding([doomed.id, doomed.rootId])
    // The scan sees the user's rows before (a broken scan would pass with nothing found).
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['users.id', 'linked_accounts.user_id', 'sessions.user_id', 'embedded_wallet_roots.id', 'embedded_wallet_shares.root_id', 'management_custom_metadata.user_id']))

    const res = await m.api(userPath(doomed.id), { method: 'DELETE' })
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    expect(await rowsHolding([doomed.id, doomed.rootId])).toEqual({})
    expect(await m.t.server.db.query("SELECT 1 FROM linked_accounts WHERE identifier = 'doomed@example.com' OR identifier = $1", [doomed.address.toLowerCase()])).toEqual([])
    // The deletion is on the record, by the app (named by its secret's prefix), once.
    const actor = `app:${m.secret.slice(0, 'foyer_sk_'.length + 8)}`
    expect(await m.t.server.db.query("SELECT event, actor FROM audit_log WHERE user_id = $1 AND event = 'user.deleted'", [doomed.id])).toEqual([{ event: 'user.deleted', actor }])

    // Its refresh tokens no longer refresh, its access tokens no longer pass.
    for (const session of doomed.sessions) {
      const refresh = await m.t.request(paths.sessions, { body: { refresh_token: session.refresh_token } })
      expect(refresh.status).toBe(401)
      expect(await codeOf(refresh)).toBe('invalid_refresh_token')
      expect((await m.t.request(paths.usersMe, { token: session.token! })).status).toBe(401)
    }
    // Gone for the API too; another user is untouched.
    expect(await codeOf(await m.api(userPath(doomed.id)))).toBe('user_not_found')
    expect(await codeOf(await m.api(userPath(doomed.id), { method: 'DELETE' }))).toBe('user_not_found')
    expect(Object.keys(await rowsHolding([kept.id, kept.rootId])).sort()).toEqual(Object.keys(before).sort())
    expect((await m.t.request(paths.sessions, { body: { refresh_token: kept.sessions[1]!.refresh_token } })).status).toBe(200)

    // The address signs up afresh as a new user.
    const again = await m.t.login('doomed@example.com')
    expect(again.user.id).not.toBe(doomed.id)
    expect(again.is_new_user).toBe(true)
  })
})
