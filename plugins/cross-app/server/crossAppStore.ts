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
  expires_at: Date
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

    async issueToken(token: string, row: Omit<TokenRow, 'expires_at'>, at: number, ttlMs: number) {
      await db.query(
        `INSERT INTO cross_app_tokens (token_hash, provider_app_id, requester_app_id, provider_user_id, requester_user_id, read_only, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [secrets.sha256(token), row.provider_app_id, row.requester_app_id, row.provider_user_id, row.requester_user_id, row.read_only, new Date(at), new Date(at + ttlMs)],
      )
    },

    async token(token: string, at: number): Promise<TokenRow | undefined> {
      const [row] = await db.query<TokenRow>('SELECT * FROM cross_app_tokens WHERE token_hash = $1 AND expires_at > $2', [secrets.sha256(token), new Date(at)])
      return row
    },

    /** Unlinking ends every token the requester user holds for that provider user. */
    async revoke(requester: string, provider: string, providerUserId: string) {
      await db.query('DELETE FROM cross_app_tokens WHERE requester_app_id = $1 AND provider_app_id = $2 AND provider_user_id = $3', [requester, provider, providerUserId])
    },
  }
}

/** The store createCrossAppStore makes. */
export type CrossAppStore = ReturnType<typeof createCrossAppStore>
