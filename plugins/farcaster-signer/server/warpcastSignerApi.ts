import * as v from 'valibot'

/** Farcaster's public API (Warpcast's), where signed key requests are created and polled. */
export const WARPCAST_API_URL = 'https://api.warpcast.com'
const TIMEOUT_MS = 10_000

const SignedKeyRequestSchema = v.object({
  token: v.string(),
  deeplinkUrl: v.optional(v.string()),
  state: v.string(),
  userFid: v.optional(v.nullable(v.number())),
})
const AnswerSchema = v.object({ result: v.object({ signedKeyRequest: SignedKeyRequestSchema }) })

/** A signed key request as Farcaster answers it: `state` pending, approved or completed; `userFid` once approved. */
export type WarpcastSignedKeyRequest = v.InferOutput<typeof SignedKeyRequestSchema>

/** Farcaster's API failed (network, non-2xx, an answer of another shape). The message never carries tokens or keys. */
export class WarpcastApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message)
    this.name = 'WarpcastApiError'
  }
}

async function call(url: string, init: RequestInit): Promise<WarpcastSignedKeyRequest> {
  let res: Response
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch (error) {
    throw new WarpcastApiError(`unreachable (${(error as Error).name})`)
  }
  if (!res.ok) throw new WarpcastApiError(`answered ${res.status}`, res.status)
  const parsed = v.safeParse(AnswerSchema, await res.json().catch(() => null))
  if (!parsed.success) throw new WarpcastApiError('answered an unexpected body', res.status)
  return parsed.output.result.signedKeyRequest
}

/** POST /v2/signed-key-requests {key, requestFid, signature, deadline} → the request's token and deeplinkUrl. */
export function createSignedKeyRequest(apiUrl: string, body: { key: string; requestFid: number; signature: string; deadline: number }) {
  return call(`${apiUrl}/v2/signed-key-requests`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
}

/** GET /v2/signed-key-request?token= → the request's state (and the approving user's fid). */
export function getSignedKeyRequest(apiUrl: string, token: string) {
  return call(`${apiUrl}/v2/signed-key-request?${new URLSearchParams({ token })}`, { method: 'GET' })
}
