import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCloudKitStandin, type CloudKitStandin } from '../../../test/standins/cloudKitStandin.js'
import { CloudKeyError } from '../../recovery-google-drive/frame.js'
import { iCloudKeySource } from './iCloudKeySource.js'

let cloudKit: CloudKitStandin
beforeAll(async () => {
  cloudKit = await startCloudKitStandin()
})
afterAll(async () => {
  await cloudKit?.close()
})

/** A ckWebAuthToken for `account`, from the stand-in's sign-in page. */
async function ckToken(account: string): Promise<string> {
  cloudKit.account = account
  const page = await (await fetch(`${cloudKit.url}/signin`)).text()
  return /"(ckweb-[0-9a-f]+)"/.exec(page)![1]!
}
const icloud = () => ({ container: cloudKit.container, environment: cloudKit.environment, apiToken: cloudKit.apiToken, baseUrl: cloudKit.url, signInOrigin: cloudKit.url })

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
