import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { closeServer, readBody as read } from './httpStandin.js'

/** A record in a user's private database. */
export interface CloudKitRecord {
  recordName: string
  recordType: string
  fields: Record<string, { value: unknown }>
}

/** A running CloudKit web services stand-in (sign-in, private records/modify and records/lookup). */
export interface CloudKitStandin {
  url: string
  container: string
  environment: string
  apiToken: string
  /** The server env that points Foyer's iCloud recovery here. */
  env(): Record<string, string>
  /** The Apple ID the sign-in page signs in. */
  account: string
  /** The private database of an Apple ID (live: tests may delete records). */
  records(account: string): Map<string, CloudKitRecord>
  close(): Promise<void>
}


/**
 * CloudKit web services' documented shapes on a local port, for one container: an unauthenticated
 * GET …/public/users/caller?ckAPIToken= answers 421 with a redirectURL; that sign-in page (this origin) posts
 * { ckWebAuthToken } to window.opener; POST …/private/records/modify and …/private/records/lookup with ckAPIToken
 * and ckWebAuthToken work on the signed-in Apple ID's private database. CORS is open, as Apple's is.
 */
export async function startCloudKitStandin(): Promise<CloudKitStandin> {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://localhost:${(server.address() as AddressInfo).port}`
  const tokens = new Map<string, string>()
  const databases = new Map<string, Map<string, CloudKitRecord>>()
  const database = (account: string) => {
    let records = databases.get(account)
    if (!records) databases.set(account, (records = new Map()))
    return records
  }
  const standin: CloudKitStandin = {
    url,
    container: 'iCloud.com.example.foyer',
    environment: 'development',
    apiToken: `ck-api-${randomBytes(8).toString('hex')}`,
    env: () => ({
      FOYER_RECOVERY_ICLOUD_CONTAINER: standin.container,
      FOYER_RECOVERY_ICLOUD_ENVIRONMENT: standin.environment,
      FOYER_RECOVERY_ICLOUD_API_TOKEN: standin.apiToken,
      FOYER_RECOVERY_ICLOUD_BASE_URL: url,
      FOYER_RECOVERY_ICLOUD_SIGNIN_ORIGIN: url,
    }),
    account: 'apple.user@example.com',
    records: database,
    close: () => closeServer(server),
  }
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'GET, POST, OPTIONS' }
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', ...cors })
    res.end(JSON.stringify(body))
  }
  const authRequired = (res: ServerResponse) =>
    json(res, 421, { uuid: randomBytes(8).toString('hex'), ckErrorCode: 'AUTHENTICATION_REQUIRED', reason: 'request needs authorization', redirectURL: `${url}/signin?container=${encodeURIComponent(standin.container)}` })
  const base = `/database/1/${standin.container}/${standin.environment}`

  server.on('request', async (req, res) => {
    const u = new URL(req.url ?? '/', url)
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors)
      return res.end()
    }
    if (req.method === 'GET' && u.pathname === '/signin') {
      const token = `ckweb-${randomBytes(16).toString('hex')}`
      tokens.set(token, standin.account)
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return res.end(`<!doctype html><title>Sign in with Apple ID</title><p>Signed in as ${standin.account}</p>
<script>window.opener && window.opener.postMessage({ ckWebAuthToken: ${JSON.stringify(token)} }, '*')</script>`)
    }
    if (!u.pathname.startsWith(base)) return json(res, 404, { ckErrorCode: 'NOT_FOUND', reason: 'unknown container or environment' })
    if (u.searchParams.get('ckAPIToken') !== standin.apiToken) return json(res, 401, { ckErrorCode: 'AUTHENTICATION_FAILED', reason: 'bad ckAPIToken' })
    const rest = u.pathname.slice(base.length)
    if (req.method === 'GET' && rest === '/public/users/caller') {
      const account = tokens.get(u.searchParams.get('ckWebAuthToken') ?? '')
      return account ? json(res, 200, { userRecordName: `_${account}` }) : authRequired(res)
    }
    const account = tokens.get(u.searchParams.get('ckWebAuthToken') ?? '')
    if (req.method === 'POST' && (rest === '/private/records/modify' || rest === '/private/records/lookup')) {
      if (!account) return authRequired(res)
      let body: { operations?: { operationType?: string; record?: Partial<CloudKitRecord> }[]; records?: { recordName?: string }[] }
      try {
        body = JSON.parse(await read(req)) as typeof body
      } catch {
        return json(res, 400, { ckErrorCode: 'BAD_REQUEST', reason: 'body is not JSON' })
      }
      const db = database(account)
      if (rest === '/private/records/modify') {
        const records = (body.operations ?? []).map(({ operationType, record }) => {
          if (!record?.recordName || !record.recordType) return { serverErrorCode: 'BAD_REQUEST', reason: 'recordName and recordType are required' }
          if (operationType === 'create' && db.has(record.recordName)) return { recordName: record.recordName, serverErrorCode: 'CONFLICT', reason: 'record exists' }
          if (operationType !== 'create' && operationType !== 'forceReplace') return { recordName: record.recordName, serverErrorCode: 'BAD_REQUEST', reason: 'unsupported operation' }
          const saved = { recordName: record.recordName, recordType: record.recordType, fields: record.fields ?? {} }
          db.set(saved.recordName, saved)
          return { ...saved, recordChangeTag: randomBytes(4).toString('hex') }
        })
        return json(res, 200, { records })
      }
      const records = (body.records ?? []).map(({ recordName }) => {
        const found = recordName ? db.get(recordName) : undefined
        return found ? { ...found, recordChangeTag: 'x' } : { recordName, reason: 'Record not found', serverErrorCode: 'NOT_FOUND' }
      })
      return json(res, 200, { records })
    }
    json(res, 404, { ckErrorCode: 'NOT_FOUND', reason: 'unknown operation' })
  })
  return standin
}
