import type { Db } from './db/Db.js'

/** A named limit: at most `limit` hits per `windowSeconds`. */
export interface RateLimitRule {
  limit: number
  windowSeconds: number
}

/** Counts one hit on `key` in a fixed window and answers whether it is within `limit`. */
export type RateLimiter = (key: string, limit: number, windowSeconds: number) => Promise<boolean>

/**
 * Fixed-window counters in the database, so every instance sees the same counts. One statement:
 * insert, or reset an expired window, or increment, and read the count back atomically.
 */
export function createRateLimiter(db: Db, now: () => number): RateLimiter {
  return async (key, limit, windowSeconds) => {
    const at = now()
    const [row] = await db.query<{ count: number }>(
      `INSERT INTO rate_limits (key, count, window_start) VALUES ($1, 1, $2)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limits.window_start <= $3 THEN 1 ELSE rate_limits.count + 1 END,
         window_start = CASE WHEN rate_limits.window_start <= $3 THEN $2 ELSE rate_limits.window_start END
       RETURNING count`,
      [key, new Date(at), new Date(at - windowSeconds * 1000)],
    )
    return row!.count <= limit
  }
}
