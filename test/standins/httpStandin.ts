import type { IncomingMessage, Server } from 'node:http'

// What every HTTP stand-in needs around its routes: the request body, and a close that doesn't wait for keep-alives.

/** The request's body as text. */
export const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = ''
    req.on('data', (d) => (body += d))
    req.on('end', () => resolve(body))
  })

/** Closes the server now, dropping open (keep-alive) connections. */
export const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })
