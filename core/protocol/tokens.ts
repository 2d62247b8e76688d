import * as v from 'valibot'
import { UserSchema } from './user.js'

export const SessionUpdateActionSchema = v.picklist(['set', 'clear', 'ignore'])
export type SessionUpdateAction = v.InferOutput<typeof SessionUpdateActionSchema>

export const OAuthTokensSchema = v.object({
  provider: v.string(),
  access_token: v.string(),
  access_token_expires_in_seconds: v.optional(v.nullable(v.number())),
  refresh_token: v.optional(v.nullable(v.string())),
  refresh_token_expires_in_seconds: v.optional(v.nullable(v.number())),
  scopes: v.optional(v.nullable(v.array(v.string()))),
})

/** What every login, link and refresh call answers. */
export const TokenResponseSchema = v.object({
  user: UserSchema,
  token: v.nullable(v.string()),
  refresh_token: v.nullable(v.string()),
  identity_token: v.optional(v.nullable(v.string())),
  is_new_user: v.optional(v.boolean()),
  session_update_action: v.optional(SessionUpdateActionSchema),
  oauth_tokens: v.optional(v.nullable(OAuthTokensSchema)),
})
export type TokenResponse = v.InferOutput<typeof TokenResponseSchema>

/** Body of refresh and logout. */
export const RefreshInputSchema = v.object({ refresh_token: v.pipe(v.string(), v.minLength(1), v.maxLength(512)) })

/** Sign-in mode: signup allowed, or existing accounts only. */
export const ModeSchema = v.optional(v.picklist(['login-or-sign-up', 'no-signup']), 'login-or-sign-up')
export type Mode = v.InferOutput<typeof ModeSchema>

/** Claims of the access token. */
export interface AccessTokenClaims {
  sub: string
  sid: string
  iss: string
  aud: string
  iat: number
  exp: number
}
