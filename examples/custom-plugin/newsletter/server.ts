// The plugin's server half, also written against the public subpath only.
import { defineServerPlugin, type ServerContext } from 'foyer/server'
import type { Hono } from 'hono'
import { SubscriptionInputSchema, subscriptionPath } from './schema.js'

/** Stores each user's newsletter choice. */
export function newsletterServer() {
  return defineServerPlugin({
    id: 'newsletter',
    migrations: [
      {
        id: 'newsletter/001_subscriptions',
        sql: `CREATE TABLE newsletter_subscriptions (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  subscribed boolean NOT NULL,
  updated_at timestamptz NOT NULL
);`,
      },
    ],
    routes(app: Hono, ctx: ServerContext) {
      app.post(subscriptionPath, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const { subscribed } = await ctx.body(c, SubscriptionInputSchema)
        const at = new Date(ctx.now())
        await ctx.db.query(
          `INSERT INTO newsletter_subscriptions (user_id, subscribed, updated_at) VALUES ($1, $2, $3)
           ON CONFLICT (user_id) DO UPDATE SET subscribed = EXCLUDED.subscribed, updated_at = EXCLUDED.updated_at`,
          [userId, subscribed, at],
        )
        return c.json({ subscribed, updatedAt: Math.floor(at.getTime() / 1000) })
      })
    },
  })
}
