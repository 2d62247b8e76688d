import { createServer } from 'node:net'

// Ports are handed out below the OS's ephemeral range (32768–60999 here), where no listen(0) of a stand-in and no
// outgoing connection can take one between the moment it is chosen and the moment its server listens. Each Vitest
// worker (VITEST_POOL_ID) has a slice of its own, so two files running at once never get the same port (the OS's
// listen(0), used before, gave two workers the same just-closed port: EADDRINUSE). A port comes as a block of
// BLOCK: the port after it is free too (a Solana RPC's WebSocket listens there), and scripts that count up from a
// port (`npm start`: PORT+1…) stay inside the block's neighbours less often.
const FIRST = 20_000
const SLICE = 2_000
const SLICES = 6
const BLOCK = 8
const handedOut = new Set<number>()
const slice = Number(process.env.VITEST_POOL_ID ?? 0) % SLICES

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)))
  })

/** A free TCP port (and the one after it), never one this process already handed out. */
export async function freePort(): Promise<number> {
  const blocks = SLICE / BLOCK
  const start = Math.floor(Math.random() * blocks)
  for (let i = 0; i < blocks; i++) {
    const port = FIRST + slice * SLICE + ((start + i) % blocks) * BLOCK
    if (handedOut.has(port)) continue
    if ((await bindable(port)) && (await bindable(port + 1))) {
      handedOut.add(port)
      return port
    }
  }
  throw new Error(`freePort: no free port left in ${FIRST + slice * SLICE}–${FIRST + (slice + 1) * SLICE - 1}`)
}
