import { randomBytes } from 'node:crypto'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPublicClient, http, verifyTypedData, type Hex } from 'viem'
import { createIdRegistryResolver } from '../../plugins/farcaster/server/idRegistryResolver.js'
import { signedKeyRequestTypedData } from '../../plugins/farcaster-signer/server/signedKeyRequest.js'
import { closeServer, readBody } from './httpStandin.js'

/** A signed key request the stand-in holds, in the fields Warpcast's API answers. */
export interface StandinSignedKeyRequest {
  token: string
  deeplinkUrl: string
  key: Hex
  requestFid: number
  deadline: number
  state: 'pending' | 'approved' | 'completed'
  userFid?: number
}

/** Where the stand-in finds the custody address a request's signature must recover to. */
export type StandinCustody =
  /** A fixed map fid → custody address; signatures verified with plain viem (offline ecrecover). */
  | { custody: Record<number, `0x${string}`> }
  /** The ID registry on an anvil node (test/standins/anvilIdRegistry.ts): custodyOf(fid) read there, and the signature verified through that node's public client. */
  | { rpcUrl: string; registryAddress?: `0x${string}` }

/** A running stand-in of Warpcast's signed-key-request API. */
export interface WarpcastSignerStandin {
  url: string
  requests: Map<string, StandinSignedKeyRequest>
  /** Creations refused (bad signature, unknown requestFid, past deadline, malformed body). */
  rejected: { reason: string }[]
  /** The request for a signer key, or undefined. */
  requestFor(key: string): StandinSignedKeyRequest | undefined
  /** The user (fid) approves the request in Warpcast: its state becomes 'completed' (the key is on chain) with userFid. */
  approve(token: string, userFid: number): void
  /** The request is gone (declined, expired at Farcaster): the status API answers 404 for it. */
  revoke(token: string): void
  close(): Promise<void>
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}
const fail = (res: ServerResponse, status: number, message: string) => json(res, status, { errors: [{ message }] })

/**
 * Warpcast's signed-key-request API on a local port: POST /v2/signed-key-requests {key, requestFid, signature,
 * deadline} checks the EIP-712 SignedKeyRequest signature against requestFid's custody address and answers
 * { result: { signedKeyRequest: { token, deeplinkUrl, key, requestFid, state: 'pending' } } }; GET
 * /v2/signed-key-request?token= answers the request (state pending | approved | completed, userFid once approved),
 * 404 for an unknown token. The deeplink is a page of the stand-in (GET /deeplinks/signed-key-request?token=).
 */
export async function startWarpcastSignerStandin(options: StandinCustody): Promise<WarpcastSignerStandin> {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const requests = new Map<string, StandinSignedKeyRequest>()
  const rejected: { reason: string }[] = []

  const custodyOf: (fid: number) => Promise<`0x${string}` | null> =
    'custody' in options
      ? async (fid) => options.custody[fid] ?? null
      : (() => {
          const resolve = createIdRegistryResolver({ rpcUrl: options.rpcUrl, ...(options.registryAddress ? { registryAddress: options.registryAddress } : {}) })
          return (fid) => resolve(BigInt(fid))
        })()
  const client = 'rpcUrl' in options ? createPublicClient({ transport: http(options.rpcUrl) }) : null
  const verify = (address: `0x${string}`, message: { requestFid: bigint; key: Hex; deadline: bigint }, signature: Hex) => {
    const typed = { address, signature, ...signedKeyRequestTypedData(message) }
    return client ? client.verifyTypedData(typed as unknown as Parameters<typeof client.verifyTypedData>[0]) : verifyTypedData(typed)
  }

  server.on('request', (req, res) => {
    void (async () => {
      const at = new URL(req.url ?? '/', url)
      if (req.method === 'POST' && at.pathname === '/v2/signed-key-requests') {
        let input: { key?: unknown; requestFid?: unknown; signature?: unknown; deadline?: unknown }
        try {
          input = JSON.parse(await readBody(req)) as typeof input
        } catch {
          rejected.push({ reason: 'body' })
          return fail(res, 400, 'Invalid JSON')
        }
        const { key, requestFid, signature, deadline } = input
        if (typeof key !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(key) || typeof requestFid !== 'number' || typeof signature !== 'string' || typeof deadline !== 'number') {
          rejected.push({ reason: 'fields' })
          return fail(res, 400, 'key, requestFid, signature and deadline are required')
        }
        if (deadline <= Math.floor(Date.now() / 1000)) {
          rejected.push({ reason: 'deadline' })
          return fail(res, 400, 'Deadline has passed')
        }
        const custody = await custodyOf(requestFid)
        const valid =
          custody !== null &&
          (await verify(custody, { requestFid: BigInt(requestFid), key: key as Hex, deadline: BigInt(deadline) }, signature as Hex).catch(() => false))
        if (!valid) {
          rejected.push({ reason: custody ? 'signature' : 'requestFid' })
          return fail(res, 400, 'Invalid signature')
        }
        const token = `0x${randomBytes(24).toString('hex')}`
        const request: StandinSignedKeyRequest = {
          token,
          deeplinkUrl: `${url}/deeplinks/signed-key-request?token=${token}`,
          key: key.toLowerCase() as Hex,
          requestFid,
          deadline,
          state: 'pending',
        }
        requests.set(token, request)
        return json(res, 200, { result: { signedKeyRequest: { ...request, isSponsored: false } } })
      }
      if (req.method === 'GET' && at.pathname === '/v2/signed-key-request') {
        const request = requests.get(at.searchParams.get('token') ?? '')
        if (!request) return fail(res, 404, 'Signed key request not found')
        return json(res, 200, { result: { signedKeyRequest: request } })
      }
      if (req.method === 'GET' && at.pathname === '/deeplinks/signed-key-request') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        return res.end('<!doctype html><title>Warpcast (stand-in)</title><p>Approve the app in Warpcast.</p>')
      }
      fail(res, 404, 'Not found')
    })().catch(() => fail(res, 500, 'stand-in failure'))
  })

  return {
    url,
    requests,
    rejected,
    requestFor: (key) => [...requests.values()].find((r) => r.key === key.toLowerCase()),
    approve(token, userFid) {
      const request = requests.get(token)
      if (!request) throw new Error('no such signed key request')
      request.state = 'completed'
      request.userFid = userFid
    },
    revoke(token) {
      requests.delete(token)
    },
    close: () => closeServer(server),
  }
}
