import { fromBase64, toBase64, type CloudKeyLocator, type CloudRecoveryMethod, type RecoveryKeySource } from '../../wallet-frame/frame.js'

/**
 * The cloud methods' key sources: the key is 32 random bytes, kept as a file in the user's Google Drive appDataFolder
 * (Drive v3) or, in iCloud's half (which shares these helpers), as a record in the private database of the app's
 * CloudKit container. The server keeps only where it is (the file's or record's name). The tokens and the key live in the frame's page only;
 * errors name the step, never a token or the key.
 */

/** Where Drive is (the recovery page's settings for 'google-drive': the server's options or env). */
export interface GoogleDriveSettings {
  driveUrl: string
}

/** A cloud key that could not be stored or read: `missing` when the account holds no such key (another account?). */
export class CloudKeyError extends Error {
  override name = 'CloudKeyError'
  constructor(
    message: string,
    readonly missing = false,
  ) {
    super(message)
  }
}

/** A cloud key's length in bytes. */
export const KEY_BYTES = 32
/** A new key's file or record name (random, names nothing of the user). */
export const newName = () => `foyer-recovery-key-${Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')}`
/** The key in a stored file's or record's text (base64), or CloudKeyError. */
export const keyOf = (text: unknown) => {
  const key = typeof text === 'string' ? (() => { try { return fromBase64(text.trim()) } catch { return null } })() : null
  if (!key || key.length !== KEY_BYTES) throw new CloudKeyError('The stored recovery key is damaged')
  return key
}
/** The wallet's stored locator when it is `provider`'s, or CloudKeyError. */
export const locatorFor = (provider: CloudRecoveryMethod, kdf: unknown): CloudKeyLocator => {
  const l = kdf as Partial<CloudKeyLocator> | null
  if (!l || l.algorithm !== 'cloud-key' || l.provider !== provider || typeof l.name !== 'string') throw new CloudKeyError('This wallet is not backed up here')
  return l as CloudKeyLocator
}
/** fetch without credentials or referrer; a network failure becomes CloudKeyError naming the step. */
export async function send(url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, credentials: 'omit', referrerPolicy: 'no-referrer' })
  } catch {
    throw new CloudKeyError(`Could not reach the cloud to ${what}`)
  }
}

/** Google Drive v3, appDataFolder: multipart upload of a new key file; files.list by name, then alt=media. */
export function googleDriveKeySource(driveUrl: string, accessToken: string): RecoveryKeySource {
  const base = driveUrl.replace(/\/+$/, '')
  const auth = { authorization: `Bearer ${accessToken}` }
  return {
    method: 'google-drive',
    async newKey() {
      const key = crypto.getRandomValues(new Uint8Array(KEY_BYTES))
      const name = newName()
      const boundary = `foyer-${toBase64(crypto.getRandomValues(new Uint8Array(12))).replace(/[^A-Za-z0-9]/g, '')}`
      const body =
        `--${boundary}\r\ncontent-type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify({ name, parents: ['appDataFolder'] })}\r\n` +
        `--${boundary}\r\ncontent-type: text/plain\r\n\r\n${toBase64(key)}\r\n--${boundary}--`
      const res = await send(`${base}/upload/drive/v3/files?uploadType=multipart&fields=id`, {
        method: 'POST',
        headers: { ...auth, 'content-type': `multipart/related; boundary=${boundary}` },
        body,
      }, 'store the recovery key')
      if (!res.ok) {
        key.fill(0)
        throw new CloudKeyError(`Google Drive refused the recovery key (${res.status})`)
      }
      return { key, kdf: { algorithm: 'cloud-key', provider: 'google-drive', name } }
    },
    async keyFor(kdf) {
      const { name } = locatorFor('google-drive', kdf)
      const q = encodeURIComponent(`name='${name}'`)
      const list = await send(`${base}/drive/v3/files?spaces=appDataFolder&q=${q}&fields=files(id,name)`, { headers: auth }, 'find the recovery key')
      if (!list.ok) throw new CloudKeyError(`Google Drive refused the search (${list.status})`)
      const files = ((await list.json().catch(() => null)) as { files?: { id?: unknown; name?: unknown }[] } | null)?.files ?? []
      const file = files.find((f) => f.name === name && typeof f.id === 'string')
      if (!file) throw new CloudKeyError('No recovery key in this Google Drive', true)
      const media = await send(`${base}/drive/v3/files/${encodeURIComponent(file.id as string)}?alt=media`, { headers: auth }, 'read the recovery key')
      if (media.status === 404) throw new CloudKeyError('No recovery key in this Google Drive', true)
      if (!media.ok) throw new CloudKeyError(`Google Drive refused the recovery key (${media.status})`)
      return keyOf(await media.text())
    },
  }
}
