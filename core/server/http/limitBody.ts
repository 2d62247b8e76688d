import type { Context, MiddlewareHandler } from 'hono'

/** Options of limitBody. */
export interface LimitBodyOptions {
  /** Largest body a route may get. */
  maxBytes: number
  /** The answer to a larger one (its status should be 413). */
  onTooLarge(c: Context): Response | Promise<Response>
  /**
   * How much of a refused body is read and dropped so the connection stays usable. Default 1 MiB. A larger
   * body (declared or sent) is not read: its answer says `Connection: close`.
   */
  drainBytes?: number
  /** How long dropping the rest may take before the answer goes with `Connection: close`. Default 5000 ms. */
  drainTimeoutMs?: number
}

type Reader = ReadableStreamDefaultReader<Uint8Array>

/** Reads and drops the rest of a body: true when it ended within the budget. */
async function drain(reader: Reader, budget: number, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs)
  })
  try {
    for (let read = 0; ; ) {
      const next = await Promise.race([reader.read(), timedOut])
      if (next === 'timeout') return false
      if (next.done) return true
      read += next.value.byteLength
      if (read > budget) return false
    }
  } catch {
    // The client went away mid-body: nothing left to keep usable.
    return false
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Caps request bodies at `maxBytes` and answers a larger one with `onTooLarge`, reading the refused body
 * to its end first (up to `drainBytes`). A body the server answers without reading stays in the socket:
 * @hono/node-server then destroys that socket 500 ms later, and the client's next request on the kept-alive
 * connection dies with ECONNRESET. Beyond the drain budget the answer carries `Connection: close`, so no
 * client or proxy reuses the connection. Hono's bodyLimit answers early in both cases, hence this one.
 */
export function limitBody(options: LimitBodyOptions): MiddlewareHandler {
  const { maxBytes, onTooLarge } = options
  const drainBytes = options.drainBytes ?? 1024 * 1024
  const drainTimeoutMs = options.drainTimeoutMs ?? 5000

  const tooLarge = async (c: Context, keepAlive: boolean) => {
    const res = await onTooLarge(c)
    if (!keepAlive) res.headers.set('Connection', 'close')
    return res
  }

  return async (c, next) => {
    const body = c.req.raw.body
    if (!body) return next()
    const declared = c.req.raw.headers.has('transfer-encoding') ? null : c.req.header('content-length')
    // The node server stops a body at its Content-Length, so a declared size within the limit is the size.
    if (declared != null && Number(declared) <= maxBytes) return next()
    if (declared != null && Number(declared) > maxBytes + drainBytes) return tooLarge(c, false)

    const reader = body.getReader()
    const chunks: Uint8Array[] = []
    let size = 0
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>
      try {
        next = await reader.read()
      } catch {
        // The client went away mid-body: no route runs on half a body, and the connection is done.
        const res = c.body(null, 400)
        res.headers.set('Connection', 'close')
        return res
      }
      if (next.done) break
      size += next.value.byteLength
      if (size > maxBytes) return tooLarge(c, await drain(reader, maxBytes + drainBytes - size, drainTimeoutMs))
      chunks.push(next.value)
    }
    const whole = new Uint8Array(size)
    let offset = 0
    for (const chunk of chunks) {
      whole.set(chunk, offset)
      offset += chunk.byteLength
    }
    c.req.raw = new Request(c.req.raw, { body: whole })
    return next()
  }
}
