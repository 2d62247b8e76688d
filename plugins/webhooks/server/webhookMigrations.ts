import type { Migration } from '../../../core/server/index.js'

/**
 * Endpoints per app (their signing secret sealed under FOYER_WEBHOOK_KEK), the outbox (one message per event some
 * endpoint wants, the exact body that is signed), one delivery per message and endpoint (its id is the `webhook-id`),
 * and every attempt.
 */
export const webhookMigrations: Migration[] = [
  {
    id: 'webhooks/001_init',
    sql: `
CREATE TABLE webhook_endpoints (
  id text PRIMARY KEY,
  app_id text NOT NULL,
  url text NOT NULL,
  events text[],
  secret_sealed text NOT NULL,
  created_at timestamptz NOT NULL,
  disabled_at timestamptz
);
CREATE INDEX webhook_endpoints_app ON webhook_endpoints (app_id);
CREATE TABLE webhook_messages (
  id text PRIMARY KEY,
  app_id text NOT NULL,
  type text NOT NULL,
  payload text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX webhook_messages_created ON webhook_messages (created_at);
CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  endpoint_id text NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  message_id text NOT NULL REFERENCES webhook_messages(id) ON DELETE CASCADE,
  status text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  locked_until timestamptz,
  created_at timestamptz NOT NULL,
  delivered_at timestamptz,
  UNIQUE (endpoint_id, message_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
CREATE INDEX webhook_deliveries_message ON webhook_deliveries (message_id);
CREATE TABLE webhook_attempts (
  id bigserial PRIMARY KEY,
  delivery_id text NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  status integer,
  duration_ms integer NOT NULL,
  error text,
  response text
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id);`,
  },
]
