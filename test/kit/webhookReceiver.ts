import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request a webhook receiver got. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders
  body: string
}

/** A real HTTP receiver on a free loopback port: records every request, answers what `answer` says. */
export interface WebhookReceiver {
  url: string
  received: ReceivedWebhook[]
  /** Answers request number `n` (0-based): a status and body, or 'hang' (never answers; the socket stays open). */
  answer: (n: number, req: ReceivedWebhook) => { status: number; body?: string } | 'hang'
  /** Resolves at the next request received. */
  next(): Promise<ReceivedWebhook>
  close(): Promise<void>
}

/** Starts a receiver; by default every request gets 204. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const waiting: ((r: ReceivedWebhook) => void)[] = []
  const hanging = new Set<ServerResponse>()
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    answer: () => ({ status: 204 }),
    next: () => new Promise((resolve) => waiting.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const got = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      const n = receiver.received.push(got) - 1
      for (const resolve of waiting.splice(0)) resolve(got)
      const answer = receiver.answer(n, got)
      if (answer === 'hang') {
        hanging.add(res)
        return
      }
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
  return receiver
}
