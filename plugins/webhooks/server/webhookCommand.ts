import { isServerEventType, type Db } from '../../../core/server/index.js'
import * as v from 'valibot'
import { createWebhooks, DEFAULT_RETRY_DELAYS_MS, DeliveryPageQuerySchema, type DeliveryPageQuery } from './createWebhooks.js'
import { createWebhookSecretBox, resolveWebhookKey } from './webhookSecretBox.js'

/** Usage of `foyer webhook`. */
export const WEBHOOK_USAGE = `Usage: foyer webhook <subcommand>

  add <appId> <url> [events…]   Add an endpoint (https, or http://localhost); no events: all of them. Prints its id and
                                its signing secret (whsec_…), shown this once.
  list <appId>                  The app's endpoints.
  remove <endpointId>           Stop sending to an endpoint (its delivery log stays).
  deliveries <endpointId> [--before <deliveryId>] [--limit N]
                                The endpoint's deliveries and their attempts, newest first (N: 1..100, default 100);
                                --before pages back from the cursor a page prints.
  replay <deliveryId>           Send a delivery again, with the same webhook-id.

Uses the server's database (DATABASE_URL, else the PGlite folder FOYER_DATA_DIR: stop the server first) and
FOYER_WEBHOOK_KEK (required when NODE_ENV=production).`

/** `--before <id>` and `--limit N` of `deliveries`, checked as the routes check their query; null: a usage error. */
function deliveryPageFlags(flags: readonly string[]): DeliveryPageQuery | null {
  const given: Record<string, string> = {}
  for (let i = 0; i < flags.length; i += 2) {
    const [flag, value] = [flags[i], flags[i + 1]]
    const name = flag === '--before' ? 'before' : flag === '--limit' ? 'limit' : null
    if (!name || value === undefined || name in given) return null
    given[name] = value
  }
  const parsed = v.safeParse(DeliveryPageQuerySchema, given)
  return parsed.success ? parsed.output : null
}

/** Writes of a run (stdout, stderr). */
export interface WebhookCommandIo {
  out(line: string): void
  err(line: string): void
}

/**
 * `foyer webhook …` (core's CLI hands over the arguments after `webhook` and a way to open the server's database with
 * this plugin's tables). Answers the exit code: 2 for bad usage, 1 when the command failed.
 */
export async function webhookCommand(args: readonly string[], io: WebhookCommandIo, deps: { openDb: () => Promise<Db>; key?: string; dev?: boolean }): Promise<number> {
  const [sub, ...rest] = args
  const arity: Record<string, [number, number]> = { add: [2, Infinity], list: [1, 1], remove: [1, 1], deliveries: [1, 5], replay: [1, 1] }
  const range = sub ? arity[sub] : undefined
  const page = sub === 'deliveries' ? deliveryPageFlags(rest.slice(1)) : {}
  if (!sub || !range || rest.length < range[0] || rest.length > range[1] || !page) {
    io.err(`${sub && !range ? `foyer webhook: unknown subcommand ${sub}\n\n` : ''}${WEBHOOK_USAGE}`)
    return 2
  }
  const unknown = sub === 'add' ? rest.slice(2).filter((e) => !isServerEventType(e)) : []
  if (unknown.length) {
    io.err(`foyer webhook add: unknown event ${unknown.join(', ')}`)
    return 2
  }
  const db = await deps.openDb()
  try {
    const dev = deps.dev ?? process.env.NODE_ENV !== 'production'
    // Resolved at the first secret sealed or opened, not before: a command that needs none (list, remove) leaves no
    // query of its own running when the database closes below (its rejection would go unheard).
    let key: Promise<Uint8Array> | null = null
    const webhooks = createWebhooks({
      db,
      now: Date.now,
      box: async () => createWebhookSecretBox(await (key ??= resolveWebhookKey({ key: deps.key, dev, db, warn: io.err }))),
      settings: { retryDelaysMs: DEFAULT_RETRY_DELAYS_MS, attemptTimeoutMs: 10_000, lockMs: 40_000, batchSize: 20, deliveryLogDays: 30 },
    })
    if (sub === 'add') {
      const [appId, url, ...events] = rest as [string, string, ...string[]]
      const added = await webhooks.addEndpoint(appId, { url, events: events as never })
      io.out(`Endpoint ${added.id} for ${appId}: ${added.url} (${added.events?.join(', ') ?? 'all events'})`)
      io.out(`Signing secret (shown this once; verify with the standardwebhooks library): ${added.secret}`)
    } else if (sub === 'list') {
      const endpoints = await webhooks.listEndpoints(rest[0]!)
      if (!endpoints.length) io.out('No endpoints.')
      for (const e of endpoints) io.out(`${e.id}  ${e.url}  ${e.events?.join(',') ?? 'all'}  ${e.disabledAt ? `removed ${e.disabledAt.toISOString()}` : 'active'}`)
    } else if (sub === 'remove') {
      await webhooks.removeEndpoint(rest[0]!)
      io.out(`Endpoint ${rest[0]} removed: nothing more is sent to it.`)
    } else if (sub === 'deliveries') {
      const endpointId = rest[0]!
      const found = await webhooks.deliveries(endpointId, undefined, page ?? {})
      if (!found.data.length) io.out('No deliveries.')
      for (const d of found.data) {
        io.out(`${d.id}  ${d.type}  ${d.status}  attempts ${d.attempts}${d.nextAttemptAt && d.status === 'pending' ? `  next ${d.nextAttemptAt.toISOString()}` : ''}`)
        for (const a of d.log) io.out(`    ${a.at.toISOString()}  ${a.status ?? '-'}  ${a.durationMs} ms${a.error ? `  ${a.error}` : ''}`)
      }
      if (found.nextCursor) io.out(`Older deliveries: foyer webhook deliveries ${endpointId} --before ${found.nextCursor}`)
    } else {
      await webhooks.replay(rest[0]!)
      io.out(`Delivery ${rest[0]} will be sent again (same webhook-id) by the running server.`)
    }
    return 0
  } catch (error) {
    io.err(`foyer webhook ${sub}: ${(error as Error).message}`)
    return 1
  } finally {
    await db.close()
  }
}
