import * as v from 'valibot'
import { expect } from 'vitest'
import { AccountTransferDataSchema, TokenResponseSchema, UserSchema } from '../../core/protocol/index.js'
import type { AccountTransferData, TokenResponse, User } from '../../core/protocol/index.js'
import type { TestServer } from './createTestServer.js'

/** Asserts a link answered 400 account_transfer_required and answers its `data`. */
export async function expectTransferOffer(res: Response): Promise<AccountTransferData> {
  const body = (await res.json()) as { code: string; data?: unknown }
  expect({ status: res.status, code: body.code }).toEqual({ status: 400, code: 'account_transfer_required' })
  return v.parse(AccountTransferDataSchema, body.data)
}

/** Asserts an error answer with `status` and `code`. */
export async function expectError(res: Response, status: number, code: string): Promise<void> {
  expect({ status: res.status, code: ((await res.json()) as { code: string }).code }).toEqual({ status, code })
}

/** The user of a 200 answer. */
export async function userOf(res: Response): Promise<User> {
  expect(res.status).toBe(200)
  return v.parse(UserSchema, await res.json()) as unknown as User
}

/** Status of a refresh with `refreshToken` (200 while the session lives, 401 once the user is gone). */
export async function refreshStatus(t: TestServer, refreshToken: string): Promise<number> {
  return (await t.request('/api/v1/sessions', { body: { refresh_token: refreshToken } })).status
}

/** Whether a user row exists. */
export async function userExists(t: TestServer, userId: string): Promise<boolean> {
  return (await t.server.db.query('SELECT 1 FROM users WHERE id = $1', [userId])).length > 0
}

/** Who owns (type, identifier) in the test app, or null. */
export async function ownerOf(t: TestServer, type: string, identifier: string): Promise<string | null> {
  return t.server.ctx.users.findAccountOwner(t.appId, type, identifier)
}

/** A token response parsed. */
export async function tokensOf(res: Response): Promise<TokenResponse> {
  expect(res.status).toBe(200)
  return v.parse(TokenResponseSchema, await res.json())
}

/** Moves the test clock past the transfer nonce's life (10 minutes). */
export const PAST_NONCE_TTL_MS = 10 * 60 * 1000 + 1000
