import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGoogleDriveStandin, type GoogleDriveStandin } from '../../../test/standins/googleDriveStandin.js'
import { CloudKeyError, googleDriveKeySource } from './cloudKeySource.js'

let drive: GoogleDriveStandin
beforeAll(async () => {
  drive = await startGoogleDriveStandin()
})
afterAll(async () => {
  await drive?.close()
})

/** A Drive token for `account`, as the server would get one (authorize with PKCE, then the token endpoint). */
async function driveToken(account: string): Promise<string> {
  drive.account = account
  const verifier = randomBytes(32).toString('base64url')
  const authorize = new URL(`${drive.url}/o/oauth2/v2/auth`)
  authorize.search = new URLSearchParams({
    client_id: drive.clientId,
    redirect_uri: 'http://localhost:1/cb',
    response_type: 'code',
    scope: 'https://www.googleapis.com/auth/drive.appdata',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 's',
  }).toString()
  const code = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!
  const res = await fetch(`${drive.url}/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: 'http://localhost:1/cb', client_id: drive.clientId, client_secret: drive.clientSecret, code_verifier: verifier }),
  })
  return ((await res.json()) as { access_token: string }).access_token
}

describe('Google Drive key source', () => {
  it('stores a random 32-byte key as an appDataFolder file and reads the same key back by its name', async () => {
    const source = googleDriveKeySource(drive.url, await driveToken('a@example.com'))
    const { key, kdf } = await source.newKey()
    expect(key).toHaveLength(32)
    expect(kdf).toMatchObject({ algorithm: 'cloud-key', provider: 'google-drive' })
    expect(drive.files('a@example.com').map((f) => f.name)).toEqual([(kdf as { name: string }).name])
    const again = await googleDriveKeySource(drive.url, await driveToken('a@example.com')).keyFor(kdf)
    expect(Buffer.from(again).equals(Buffer.from(key))).toBe(true)
  })

  it('another Google account has no such file (missing); a bad token and an iCloud locator are refused', async () => {
    const { kdf } = await googleDriveKeySource(drive.url, await driveToken('b@example.com')).newKey()
    const other = googleDriveKeySource(drive.url, await driveToken('c@example.com')).keyFor(kdf)
    await expect(other).rejects.toBeInstanceOf(CloudKeyError)
    await expect(other).rejects.toMatchObject({ missing: true })
    await expect(googleDriveKeySource(drive.url, 'ya29.bad').keyFor(kdf)).rejects.toMatchObject({ missing: false })
    await expect(googleDriveKeySource(drive.url, 'ya29.bad').newKey()).rejects.toBeInstanceOf(CloudKeyError)
    await expect(googleDriveKeySource(drive.url, await driveToken('b@example.com')).keyFor({ ...kdf, provider: 'icloud' } as never)).rejects.toBeInstanceOf(CloudKeyError)
  })
})
