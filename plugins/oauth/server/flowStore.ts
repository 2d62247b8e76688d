import type { ServerContext } from '../../../core/server/index.js'
import type { OAuthProviderId } from '../providerIds.js'
import type { ProviderIdentity } from './profile.js'
import type { ExchangeResult, FlowFailure } from './providerClient.js'

/** A row of `oauth_flows` (migration oauth/001_flows), as the callback reads it. */
export interface FlowRow {
  id: string
  app_id: string
  provider: OAuthProviderId
  state_code: string
  code_challenge: string
  redirect_to: string
  redirect_uri: string
  server_verifier: string
  nonce: string
  expires_at: Date
  error: FlowFailure | null
  subject: string | null
  email: string | null
  name: string | null
  username: string | null
  oauth_tokens: string | null
}

/** What redeeming a Foyer code answers: the flow's checks and outcome, with the tokens it held. */
export type RedeemedFlow = Pick<
  FlowRow,
  'id' | 'provider' | 'state_code' | 'code_challenge' | 'expires_at' | 'error' | 'subject' | 'email' | 'name' | 'username' | 'oauth_tokens'
>

/** A flow init opens: the client's state and PKCE challenge, and the server's own secrets for the provider. */
export interface NewFlow {
  appId: string
  provider: OAuthProviderId
  stateCode: string
  codeChallenge: string
  redirectTo: string
  redirectUri: string
  providerState: string
  verifier: string
  nonce: string
  createdAt: number
  expiresAt: number
}

/**
 * The pending OAuth flows, init to authenticate, in the database so several server instances agree.
 * The provider state and the Foyer code are stored only as hashes.
 */
export function createFlowStore(ctx: Pick<ServerContext, 'db' | 'secrets'>) {
  const { db, secrets } = ctx
  return {
    /** Opens a flow; false when the app already used this state code. */
    async open(flow: NewFlow): Promise<boolean> {
      // Old flows are dead weight; a few rows per call keep the table small without a job.
      await db.query('DELETE FROM oauth_flows WHERE id IN (SELECT id FROM oauth_flows WHERE expires_at < $1 LIMIT 50)', [
        new Date(flow.createdAt - 3600_000),
      ])
      const rows = await db.query(
        `INSERT INTO oauth_flows (app_id, provider, state_code, code_challenge, redirect_to, redirect_uri, provider_state_hash,
           server_verifier, nonce, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (app_id, state_code) DO NOTHING RETURNING id`,
        [flow.appId, flow.provider, flow.stateCode, flow.codeChallenge, flow.redirectTo, flow.redirectUri, secrets.sha256(flow.providerState),
          flow.verifier, flow.nonce, new Date(flow.createdAt), new Date(flow.expiresAt)],
      )
      return rows.length > 0
    },

    /** The flow of a provider state, marked as called back; one callback per flow, so a replayed redirect finds nothing. */
    async claimCallback(providerState: string, at: number): Promise<FlowRow | undefined> {
      const [flow] = await db.query<FlowRow>(
        'UPDATE oauth_flows SET callback_at = $2 WHERE provider_state_hash = $1 AND callback_at IS NULL RETURNING *',
        [secrets.sha256(providerState), new Date(at)],
      )
      return flow
    },

    /** Ends a flow the user (or the provider) refused. */
    async deny(id: string, at: number): Promise<void> {
      await db.query(`UPDATE oauth_flows SET error = 'denied', consumed_at = $2 WHERE id = $1`, [id, new Date(at)])
    },

    /** Stores the provider's outcome under the one-time Foyer `code` the browser carries back. */
    async complete(id: string, code: string, failure: FlowFailure | null, result: ExchangeResult | null): Promise<void> {
      const identity: ProviderIdentity | undefined = result?.identity
      await db.query(
        `UPDATE oauth_flows SET code_hash = $2, error = $3, subject = $4, email = $5, name = $6, username = $7, oauth_tokens = $8
         WHERE id = $1`,
        [id, secrets.sha256(code), failure, identity?.subject ?? null, identity?.email ?? null, identity?.name ?? null,
          identity?.username ?? null, result ? JSON.stringify(result.tokens) : null],
      )
    },

    /**
     * Consumes the flow of a Foyer code, in its own statement before any check, so a wrong verifier
     * or state burns the code too; the tokens leave the table with it.
     */
    async redeem(appId: string, code: string, at: number): Promise<RedeemedFlow | undefined> {
      const [flow] = await db.query<RedeemedFlow>(
        `UPDATE oauth_flows f SET consumed_at = $3, oauth_tokens = NULL FROM oauth_flows old
         WHERE f.id = old.id AND f.app_id = $1 AND f.code_hash = $2 AND f.consumed_at IS NULL
         RETURNING f.id, f.provider, f.state_code, f.code_challenge, f.expires_at, f.error, f.subject, f.email, f.name, f.username,
           old.oauth_tokens`,
        [appId, secrets.sha256(code), new Date(at)],
      )
      return flow
    },
  }
}

/** The flow store createFlowStore makes. */
export type FlowStore = ReturnType<typeof createFlowStore>
