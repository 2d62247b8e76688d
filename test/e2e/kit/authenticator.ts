import { generate } from 'otplib'

/**
 * TOTP codes the way an authenticator app makes them, each of a later 30-second step than the last one used (the
 * server takes a step once): the current step or the next (within the server's tolerance), waiting when both are spent.
 */
export function authenticator(secret: string): () => Promise<string> {
  let last = 0
  return async () => {
    for (;;) {
      const current = Math.floor(Date.now() / 30_000)
      const step = Math.max(last + 1, current)
      if (step <= current + 1) {
        last = step
        return generate({ secret, epoch: step * 30 })
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    }
  }
}
