import { request, Agent } from 'node:http'
import type { Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../../../test/kit/createTestServer.js'
import { BODY_LIMIT_BYTES } from '../createServer.js'

let t: TestServer
let base: URL
let close: () => Promise<void>

interface Answer {
  status: number
  connection: string | undefined
  body: string
  socket: Socket
}

/** One request through `agent`; `chunked` sends the body without a Content-Length, in 16 kB pieces. */
function send(agent: Agent, path: string, body: string | null, chunked = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'foyer-app-id': t.appId, 'content-type': 'application/json' }
    if (body !== null && !chunked) headers['content-length'] = String(Buffer.byteLength(body))
    const req = request(new URL(path, base), { agent, method: body === null ? 'GET' : 'POST', headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (d) => (text += d))
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: text, socket: req.socket! }))
      res.on('error', reject)
    })
    req.on('error', reject)
    if (body !== null && chunked) {
      for (let i = 0; i < body.length; i += 16_384) req.write(body.slice(i, i + 16_384))
    } else if (body !== null) req.write(body)
    req.end()
  })
}

/** Whether `socket` closes within `ms`: the node server's drain timer would destroy it after 500 ms. */
const closesWithin = (socket: Socket, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (socket.destroyed) return resolve(true)
    const timer = setTimeout(() => resolve(false), ms)
    socket.once('close', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })

const huge = (bytes: number) => JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(bytes) })
const initBody = JSON.stringify({ email: 'after@example.com' })

beforeAll(async () => {
  t = await createTestServer()
  const listener = await t.server.listen(0, '127.0.0.1')
  base = new URL(listener.url.replace('localhost', '127.0.0.1'))
  close = listener.close
})
afterAll(async () => {
  await close?.()
  await t?.close()
})

describe('an oversize body is answered 413 and the connection stays usable', () => {
  it.each([
    ['with a Content-Length', false],
    ['chunked', true],
  ])('%s: 413, the same kept-alive socket stays open past the drain timer, and the next request on it succeeds', async (_name, chunked) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const refused = await send(agent, '/api/v1/passwordless/init', huge(200_000), chunked)
      expect(refused.status).toBe(413)
      expect(JSON.parse(refused.body)).toEqual({ error: 'Payload too large', code: 'payload_too_large' })
      expect(refused.connection).not.toBe('close')
      // @hono/node-server destroys a socket whose body was left unread 500 ms after the answer.
      expect(await closesWithin(refused.socket, 1500)).toBe(false)
      const next = await send(agent, '/api/v1/passwordless/init', initBody)
      expect(next.status).toBe(200)
      expect(next.socket).toBe(refused.socket)
    } finally {
      agent.destroy()
    }
  })

  it('a body beyond the drain budget is answered 413 with Connection: close; the next request goes out on a new socket and succeeds', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const refused = await send(agent, '/api/v1/passwordless/init', huge(3 * 1024 * 1024))
      expect(refused.status).toBe(413)
      expect(refused.connection).toBe('close')
      const next = await send(agent, '/api/v1/passwordless/init', initBody)
      expect(next.status).toBe(200)
      expect(next.socket).not.toBe(refused.socket)
    } finally {
      agent.destroy()
    }
  })

  it('a body at the limit is accepted (the route then judges it), one byte over is 413', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const at = JSON.stringify({ email: 'limit@example.com', pad: '' })
      const padTo = (bytes: number) => JSON.stringify({ email: 'limit@example.com', pad: 'x'.repeat(bytes - at.length) })
      expect(padTo(BODY_LIMIT_BYTES).length).toBe(BODY_LIMIT_BYTES)
      expect((await send(agent, '/api/v1/passwordless/init', padTo(BODY_LIMIT_BYTES))).status).toBe(200)
      expect((await send(agent, '/api/v1/passwordless/init', padTo(BODY_LIMIT_BYTES + 1))).status).toBe(413)
      expect((await send(agent, '/api/v1/passwordless/init', padTo(BODY_LIMIT_BYTES + 1), true)).status).toBe(413)
      expect((await send(agent, '/api/v1/passwordless/init', initBody)).status).toBe(200)
    } finally {
      agent.destroy()
    }
  })

  it('in process (app.request), an oversize body is 413 payload_too_large and nothing is stored', async () => {
    const before = await t.outbox()
    const res = await t.request('/api/v1/passwordless/init', { body: huge(200_000) })
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([413, 'payload_too_large'])
    expect(await t.outbox()).toHaveLength(before.length)
  })
})
