import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { DEV_DELEGATION_KEY_FILE, resolveDelegationKey } from './delegationKey.js'

const logger = { info() {}, warn() {}, error() {} }

describe('the delegation signer key', () => {
  it('is required in production, and must differ from the wallet keys', () => {
    expect(() => resolveDelegationKey({ env: {}, dev: false, dataDir: null, logger })).toThrow(/FOYER_DELEGATION_KEY/)
    const same = randomBytes(32).toString('base64')
    expect(() => resolveDelegationKey({ env: { FOYER_DELEGATION_KEY: same, FOYER_WALLET_KEK: same }, dev: false, dataDir: null, logger })).toThrow(/must differ from FOYER_WALLET_KEK/)
    const key = resolveDelegationKey({ env: { FOYER_DELEGATION_KEY: same }, dev: false, dataDir: null, logger })
    expect(key.publicKey).toHaveLength(32)
    expect(key.keyId).toMatch(/^[0-9a-f]{16}$/)
  })

  it('dev generates one into the data folder (owner-only) and reads the same one back after a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-delegation-'))
    try {
      const first = resolveDelegationKey({ env: {}, dev: true, dataDir: dir, logger })
      const again = resolveDelegationKey({ env: {}, dev: true, dataDir: dir, logger })
      expect(again.keyId).toBe(first.keyId)
      expect(statSync(join(dir, DEV_DELEGATION_KEY_FILE)).mode & 0o777).toBe(0o600)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
