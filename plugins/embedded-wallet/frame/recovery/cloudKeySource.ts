import type { CloudKeyLocator, CloudRecoveryMethod } from '../../schema.js'
import { fromBase64, toBase64 } from '../base64.js'
import type { RecoveryKeySource } from './recoveryKeySource.js'

/**
 * The cloud methods' key sources: the key is 32 random bytes, kept as a file in the user's Google Drive appDataFolder
 * (Drive v3) or as a record in the private database of the app's CloudKit container (CloudKit web services). The
 * server keeps only where it is (the file's or record's name). The tokens and the key live in the frame's page only;
 * errors name the step, never a token or the key.
 */

/** Where Drive and CloudKit are (the frame page's settings; the server's options or env). */
export interface CloudEndpoints {
  driveUrl: string
  icloud: { container: string | null; environment: string; apiToken: string | null; baseUrl: string; signInOrigin: string }
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

const KEY_BYTES = 32
const newName = () => `foyer-recovery-key-${Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')}`
const keyOf = (text: unknown) => {
  const key = typeof text === 'string' ? (() => { try { return fromBase64(text.trim()) } catch { return null } })() : null
  if (!key || key.length !== KEY_BYTES) throw new CloudKeyError('The stored recovery key is damaged')
  return key
}
const locatorFor = (provider: CloudRecoveryMethod, kdf: unknown): CloudKeyLocator => {
  const l = kdf as Partial<CloudKeyLocator> | null
  if (!l || l.algorithm !== 'cloud-key' || l.provider !== provider || typeof l.name !== 'string') throw new CloudKeyError('This wallet is not backed up here')
  return l as CloudKeyLocator
}
async function send(url: string, init: RequestInit, what: string): Promise<Response> {
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

/** The record type of a key in CloudKit (the container's schema must have it, with a String field `key`). */
export const CLOUDKIT_RECORD_TYPE = 'FoyerRecoveryKey'

/** CloudKit web services, private database: records/modify creates the key record, records/lookup reads it. */
export function iCloudKeySource(endpoints: CloudEndpoints['icloud'], webAuthToken: string): RecoveryKeySource {
  const { container, environment, apiToken, baseUrl } = endpoints
  if (!container || !apiToken) throw new CloudKeyError('iCloud is not configured')
  const url = (op: string) =>
    `${baseUrl.replace(/\/+$/, '')}/database/1/${encodeURIComponent(container)}/${encodeURIComponent(environment)}/private/records/${op}` +
    `?ckAPIToken=${encodeURIComponent(apiToken)}&ckWebAuthToken=${encodeURIComponent(webAuthToken)}`
  const post = (op: string, body: unknown, what: string) =>
    send(url(op), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) }, what)
  type Records = { records?: { recordName?: unknown; fields?: { key?: { value?: unknown } }; serverErrorCode?: unknown }[] }
  return {
    method: 'icloud',
    async newKey() {
      const key = crypto.getRandomValues(new Uint8Array(KEY_BYTES))
      const name = newName()
      const res = await post('modify', {
        operations: [{ operationType: 'create', record: { recordType: CLOUDKIT_RECORD_TYPE, recordName: name, fields: { key: { value: toBase64(key) } } } }],
      }, 'store the recovery key')
      const answer = (await res.json().catch(() => null)) as Records | null
      const saved = answer?.records?.[0]
      if (!res.ok || !saved || saved.serverErrorCode || saved.recordName !== name) {
        key.fill(0)
        throw new CloudKeyError(`iCloud refused the recovery key (${res.status})`)
      }
      return { key, kdf: { algorithm: 'cloud-key', provider: 'icloud', name } }
    },
    async keyFor(kdf) {
      const { name } = locatorFor('icloud', kdf)
      const res = await post('lookup', { records: [{ recordName: name }] }, 'read the recovery key')
      const answer = (await res.json().catch(() => null)) as Records | null
      const found = answer?.records?.[0]
      if (res.ok && found?.serverErrorCode === 'NOT_FOUND') throw new CloudKeyError('No recovery key in this iCloud account', true)
      if (!res.ok || !found || found.serverErrorCode) throw new CloudKeyError(`iCloud refused the recovery key (${res.status})`)
      return keyOf(found.fields?.key?.value)
    },
  }
}
