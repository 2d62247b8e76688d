import { describe, expect, it } from 'vitest'
import { createServer } from '../../../core/server/index.js'
import { mfaTotpServer } from '../server.js'
import { createTotpSecretBox, parseMfaKek } from './totpSecretBox.js'

const key = Buffer.alloc(32, 9)

describe('TOTP secret box', () => {
  it("seals a secret for one user: it opens for that user only, and the sealed text doesn't contain it", () => {
    const box = createTotpSecretBox(key)
    const sealed = box.seal('user-a', 'JBSWY3DPEHPK3PXP')
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(box.open('user-a', sealed)).toBe('JBSWY3DPEHPK3PXP')
    expect(() => box.open('user-b', sealed)).toThrow()
    expect(() => createTotpSecretBox(Buffer.alloc(32, 1)).open('user-a', sealed)).toThrow()
  })

  it('takes 32 bytes as base64 or hex, and names only the variable when the value is wrong', () => {
    expect(parseMfaKek(key.toString('base64'))).toEqual(key)
    expect(parseMfaKek(key.toString('hex'))).toEqual(key)
    const error = (() => {
      try {
        parseMfaKek('not-a-key-but-secret-ish')
      } catch (e) {
        return (e as Error).message
      }
    })()
    expect(error).toContain('FOYER_MFA_KEK')
    expect(error).not.toContain('secret-ish')
  })

  it('stops a production server that has no FOYER_MFA_KEK', async () => {
    const start = createServer({
      dataDir: ':memory:', databaseUrl: '', smtpUrl: 'smtp://127.0.0.1:1', dev: false, logger: { info() {}, warn() {}, error() {} },
      plugins: [mfaTotpServer({ env: {} })], apps: [],
    })
    await expect(start).rejects.toThrow(/FOYER_MFA_KEK/)
  })
})
