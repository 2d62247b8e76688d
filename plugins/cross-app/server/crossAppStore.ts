import type { ServerContext } from '../../../core/server/index.js'

/** A pending authorization: opened by the requester's authorize call, bound to a provider user at consent. */
export interface FlowRow {
  id: string
  requester_app_id: string
  provider_app_id: string
  state_code: string
  code_challenge: string
  redirect_to: string
  expires_at: Date
  provider_user_id: string | null
  accounts: string | null
}

/** A provider access token's row (stored hashed). */
export interface TokenRow {
  provider_app_id: string
  requester_app_id: string
  provider_user_id: string
  requester_user_id: string | null
  read_only: boolean
  /** The requester page's origin the token was issued to (the flow's redirect_to); null for tokens older than 002. */
  requester_origin: string | null
  expires_at: Date
  /** Set by an unlink: the row stays until it expires, so the provider's page can still tell that requester to forget it. */
  revoked_at: Date | null
}

/** The tables of migration cross-app/001: flows and provider access tokens; every secret stored as its SHA-256. */
export const crossAppMigration = {
  id: 'cross-app/001_flows_tokens',
  sql: `
CREATE TABLE cross_app_flows (
  id bigserial PRIMARY KEY,
  flow_hash text NOT NULL UNIQUE,
  requester_app_id text NOT NULL,
  provider_app_id text NOT NULL,
  state_code text NOT NULL,
  code_challenge text NOT NULL,
  redirect_to text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  provider_user_id text,
  accounts text,
  code_hash text UNIQUE,
  consumed_at timestamptz
);
CREATE INDEX cross_app_flows_expiry ON cross_app_flows (expires_at);
CREATE TABLE cross_app_tokens (
  token_hash text PRIMARY KEY,
  provider_app_id text NOT NULL,
  requester_app_id text NOT NULL,
  provider_user_id text NOT NULL,
  requester_user_id text,
  read_only boolean NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX cross_app_tokens_expiry ON cross_app_tokens (expires_at);
CREATE INDEX cross_app_tokens_user ON cross_app_tokens (requester_app_id, provider_app_id, provider_user_id);`,
}

/** Migration cross-app/002: a token remembers the requester origin it was issued to, and is revoked by a mark, not deleted. */
export const crossAppTokenOriginMigration = {
  id: 'cross-app/002_token_origin',
  sql: `
ALTER TABLE cross_app_tokens ADD COLUMN requester_origin text;
ALTER TABLE cross_app_tokens ADD COLUMN revoked_at timestamptz;`,
}

/** The pending flows and provider tokens, in the database so several server instances agree. */
export function createCrossAppStore(ctx: Pick<ServerContext, 'db' | 'secrets'>) {
  const { db, secrets } = ctx
  return {
    async openFlow(flow: { flowId: string; requester: string; provider: string; stateCode: string; codeChallenge: string; redirectTo: string; at: number; ttlMs: number }) {
      await db.query(
        `INSERT INTO cross_app_flows (flow_hash, requester_app_id, provider_app_id, state_code, code_challenge, redirect_to, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [secrets.sha256(flow.flowId), flow.requester, flow.provider, flow.stateCode, flow.codeChallenge, flow.redirectTo, new Date(flow.at), new Date(flow.at + flow.ttlMs)],
      )
    },

    /** An unexpired flow of `provider` not yet consented to. */
    async pendingFlow(provider: string, flowId: string, at: number): Promise<FlowRow | undefined> {
      const [row] = await db.query<FlowRow>(
        `SELECT * FROM cross_app_flows WHERE flow_hash = $1 AND provider_app_id = $2 AND code_hash IS NULL AND expires_at > $3`,
        [secrets.sha256(flowId), provider, new Date(at)],
      )
      return row
    },

    /** The requester origin of any flow of `provider` (pending, consented, expired or not yet swept): where its page reports a failure. */
    async flowOrigin(provider: string, flowId: string): Promise<string | null> {
      const [row] = await db.query<{ redirect_to: string }>('SELECT redirect_to FROM cross_app_flows WHERE flow_hash = $1 AND provider_app_id = $2', [secrets.sha256(flowId), provider])
      return row ? new URL(row.redirect_to).origin : null
    },

    /** Binds the flow to the provider user and its wallets under a one-time code; false when someone else got there first. */
    async consent(id: string, userId: string, accounts: unknown, code: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE cross_app_flows SET provider_user_id = $2, accounts = $3, code_hash = $4 WHERE id = $1 AND code_hash IS NULL RETURNING id`,
        [id, userId, JSON.stringify(accounts), secrets.sha256(code)],
      )
      return rows.length > 0
    },

    /** Consumes a code in one statement, before any check: a wrong verifier or state burns it too. */
    async redeem(code: string, at: number): Promise<FlowRow | undefined> {
      const [row] = await db.query<FlowRow>(
        `UPDATE cross_app_flows SET consumed_at = $2 WHERE code_hash = $1 AND consumed_at IS NULL RETURNING *`,
        [secrets.sha256(code), new Date(at)],
      )
      return row
    },

    async issueToken(token: string, row: Omit<TokenRow, 'expires_at' | 'revoked_at'>, at: number, ttlMs: number) {
      await db.query(
        `INSERT INTO cross_app_tokens (token_hash, provider_app_id, requester_app_id, provider_user_id, requester_user_id, read_only, requester_origin, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [secrets.sha256(token), row.provider_app_id, row.requester_app_id, row.provider_user_id, row.requester_user_id, row.read_only, row.requester_origin, new Date(at), new Date(at + ttlMs)],
      )
    },

    /** A token's row as stored: also when expired (until swept) or revoked; the caller decides. */
    async token(token: string): Promise<TokenRow | undefined> {
      const [row] = await db.query<TokenRow>('SELECT * FROM cross_app_tokens WHERE token_hash = $1', [secrets.sha256(token)])
      return row
    },

    /** Re-issues a live token for another `ttlMs` from `at` (its use keeps it alive); answers the new expiry, or null when it is not live. */
    async renew(token: string, at: number, ttlMs: number): Promise<Date | null> {
      const [row] = await db.query<{ expires_at: Date }>(
        'UPDATE cross_app_tokens SET expires_at = $3 WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2 RETURNING expires_at',
        [secrets.sha256(token), new Date(at), new Date(at + ttlMs)],
      )
      return row ? new Date(row.expires_at) : null
    },

    /** Unlinking ends every token the requester user holds for that provider user (marked: see TokenRow.revoked_at). */
    async revoke(requester: string, provider: string, providerUserId: string, at: number) {
      await db.query(
        'UPDATE cross_app_tokens SET revoked_at = $4 WHERE requester_app_id = $1 AND provider_app_id = $2 AND provider_user_id = $3 AND revoked_at IS NULL',
        [requester, provider, providerUserId, new Date(at)],
      )
    },
  }
}

/** The store createCrossAppStore makes. */
export type CrossAppStore = ReturnType<typeof createCrossAppStore>
