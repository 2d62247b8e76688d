import type { AdminSession } from '../adminApi.js'

/** Where the console's sign-in stands. */
export type GateState =
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'not-operator'; message: string }
  | { kind: 'enrol'; session: AdminSession }
  | { kind: 'verify'; session: AdminSession }
  | { kind: 'ready'; session: AdminSession }
  | { kind: 'failed'; error: unknown }

/** The step an operator's session (GET/POST session) asks for: enrol TOTP, verify, or none. */
export function stateOfSession(session: AdminSession): GateState {
  if (!session.has_totp) return { kind: 'enrol', session }
  if (!session.verified) return { kind: 'verify', session }
  return { kind: 'ready', session }
}
