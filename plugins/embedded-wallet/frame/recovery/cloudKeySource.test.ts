import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCloudKitStandin, type CloudKitStandin } from '../../../../test/standins/cloudKitStandin.js'
import { startGoogleDriveStandin, type GoogleDriveStandin } from '../../../../test/standins/googleDriveStandin.js'
import { CloudKeyError, googleDriveKeySource, iCloudKeySource } from './cloudKeySource.js'

let drive: GoogleDriveStandin
let cloudKit: CloudKitStandin
beforeAll(async () => {
  drive = await startGoogleDriveStandin()
  cloudKit = await startCloudKitStandin()
})
afterAll(async () => {
  await drive?.close()
  await cloudKit?.close()
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

/** A ckWebAuthToken for `account`, from the stand-in's sign-in page. */
async function ckToken(account: string): Promise<string> {
  cloudKit.account = account
  const page = await (await fetch(`${cloudKit.url}/signin`)).text()
  return /"(ckweb-[0-9a-f]+)"/.exec(page)![1]!
}
const icloud = () => ({ container: cloudKit.container, environment: cloudKit.environment, apiToken: cloudKit.apiToken, baseUrl: cloudKit.url, signInOrigin: cloudKit.url })

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

describe('iCloud key source', () => {
  it('creates a record in the private database and looks the same key up again', async () => {
    const { key, kdf } = await iCloudKeySource(icloud(), await ckToken('x@example.com')).newKey()
    expect(cloudKit.records('x@example.com').size).toBe(1)
    const again = await iCloudKeySource(icloud(), await ckToken('x@example.com')).keyFor(kdf)
    expect(Buffer.from(again).equals(Buffer.from(key))).toBe(true)
  })

  it('another Apple ID finds nothing (missing); a bad token is refused; no container configured is an error', async () => {
    const { kdf } = await iCloudKeySource(icloud(), await ckToken('y@example.com')).newKey()
    await expect(iCloudKeySource(icloud(), await ckToken('z@example.com')).keyFor(kdf)).rejects.toMatchObject({ missing: true })
    await expect(iCloudKeySource(icloud(), 'ckweb-bad').keyFor(kdf)).rejects.toMatchObject({ missing: false })
    expect(() => iCloudKeySource({ ...icloud(), container: null }, 'ckweb-x')).toThrow(CloudKeyError)
  })
})
