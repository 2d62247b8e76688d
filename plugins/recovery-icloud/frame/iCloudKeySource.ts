import { toBase64, type RecoveryKeySource } from '../../wallet-frame/frame.js'
import { CloudKeyError, KEY_BYTES, keyOf, locatorFor, newName, send } from '../../recovery-google-drive/frame.js'

/** Where CloudKit is (the recovery page's settings for 'icloud': the server's options or env). */
export interface ICloudSettings {
  container: string | null
  environment: string
  apiToken: string | null
  baseUrl: string
  signInOrigin: string
}

/** The record type of a key in CloudKit (the container's schema must have it, with a String field `key`). */
export const CLOUDKIT_RECORD_TYPE = 'FoyerRecoveryKey'

/** CloudKit web services, private database: records/modify creates the key record, records/lookup reads it. */
export function iCloudKeySource(endpoints: ICloudSettings, webAuthToken: string): RecoveryKeySource {
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
