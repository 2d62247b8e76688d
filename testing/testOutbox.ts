import type { Db } from '../core/server/db/Db.js'

/** Options of `outbox.waitForCode`. */
export interface WaitForCodeOptions {
  /** How long the code may take to arrive (default 10 s). */
  timeoutMs?: number
}

/** The server's dev outbox, where every e-mail and SMS code goes (the kit's server has no SMTP or SMS provider). */
export interface TestOutbox {
  /**
   * Resolves with the newest code sent to `to` (an e-mail address or an E.164 phone number) that no earlier call
   * returned: one sent after the call started, or one sent before it that nobody has read yet. Rejects after
   * `timeoutMs` without one.
   */
  waitForCode(to: string, options?: WaitForCodeOptions): Promise<string>
}

/** How the dev outbox stores a recipient: e-mail addresses lower-cased (as the e-mail plugin does), numbers as sent. */
const recipientOf = (to: string) => (to.includes('@') ? to.trim().toLowerCase() : to.trim())

/** The outbox of the server whose database is `db`: read from its dev_outbox table, in process. */
export function createTestOutbox(db: Db): TestOutbox {
  // Per recipient, the outbox row of the last code a call returned: a later call answers only newer ones.
  const returned = new Map<string, number>()
  return {
    async waitForCode(to, { timeoutMs = 10_000 } = {}) {
      const recipient = recipientOf(to)
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const [row] = await db.query<{ id: string | number; code: string }>(
          'SELECT id, code FROM dev_outbox WHERE recipient = $1 AND code IS NOT NULL AND id > $2 ORDER BY id DESC LIMIT 1',
          [recipient, returned.get(recipient) ?? 0],
        )
        if (row) {
          returned.set(recipient, Number(row.id))
          return row.code
        }
        if (Date.now() >= deadline) throw new Error(`foyer/testing: no code was sent to ${to} within ${timeoutMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    },
  }
}
