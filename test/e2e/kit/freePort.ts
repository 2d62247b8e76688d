import { createServer } from 'node:net'

// Ports this process handed out: the OS may give a just-closed port again, and two "free" ports that are the same one
// would put two listeners on it (with SO_REUSEPORT, silently sharing its connections).
const handedOut = new Set<number>()

/** A free TCP port on loopback, never one this process already handed out. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer()
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number }
        server.close(() => resolve(port))
      })
    })
    if (!handedOut.has(port)) {
      handedOut.add(port)
      return port
    }
  }
}
