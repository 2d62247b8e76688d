import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, TEST_APP_ID, type TestServer } from '../../../test/kit/createTestServer.js'
import { emailServer } from '../../email/server.js'
import { mfaPasskeyServer } from '../../mfa-passkey/server.js'
import { mfaSmsServer } from '../../mfa-sms/server.js'
import { mfaTotpServer } from '../../mfa-totp/server.js'
import { passkeyServer } from '../../passkey/server.js'
import { appStats } from './appStats.js'

// The overview's MFA adoption counts what each MFA method says is enrolled (its `enrolledUsersSql`): the console reads
// no method's tables, and a method's own rule (a passkey counts only when enrolled in MFA) is the one counted.
let t: TestServer
beforeAll(async () => {
  t = await createTestServer({ plugins: [emailServer(), passkeyServer(), mfaPasskeyServer(), mfaSmsServer(), mfaTotpServer()] })
})
afterAll(() => t.close())

describe('MFA adoption on the admin overview', () => {
  it('counts each user with any enrolled method once, over TOTP, SMS and passkeys enrolled in MFA', async () => {
    const user = async (email: string) => (await t.login(email)).user.id
    const [ada, bob, cy, dee] = [await user('ada@example.com'), await user('bob@example.com'), await user('cy@example.com'), await user('dee@example.com')]
    const at = new Date()
    await t.server.db.query(`INSERT INTO mfa_totp (user_id, secret, created_at) VALUES ($1, 'sealed', $2)`, [ada, at])
    await t.server.db.query(`INSERT INTO mfa_sms (user_id, phone_number, created_at) VALUES ($1, '+14155550100', $3), ($2, '+14155550101', $3)`, [ada, bob, at])
    const passkey = (userId: string, id: string, enrolled: boolean) =>
      t.server.db.query(
        `INSERT INTO linked_accounts (user_id, app_id, type, identifier, data, verified_at, first_verified_at, latest_verified_at) VALUES ($1, $2, 'passkey', $3, $4, $5, $5, $5)`,
        [userId, TEST_APP_ID, id, JSON.stringify({ enrolledInMfa: enrolled }), at],
      )
    await passkey(cy, 'cred-cy', true)
    // A passkey for signing in only is no second factor.
    await passkey(dee, 'cred-dee', false)

    expect(await t.server.ctx.mfa.adoption(TEST_APP_ID)).toEqual({ users: 4, withMfa: 3 })
    expect(await t.server.ctx.mfa.adoption('another_app_0000000000001')).toEqual({ users: 0, withMfa: 0 })
    const stats = await appStats(t.server.db, t.server.ctx.mfa, TEST_APP_ID, 1, Date.now())
    expect(stats).toMatchObject({ mfa: { users: 4, with_mfa: 3 }, total_users: 4 })
  })
})
