import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * How the stand-in's challenges end: 'pass' mints a token, 'fail' calls the widget's error-callback,
 * 'slow' never answers, 'reject' mints a token siteverify then refuses. A site key containing 'fail' or
 * 'slow' behaves so whatever the mode.
 */
export type TurnstileStandinMode = 'pass' | 'fail' | 'slow' | 'reject'

/** The Turnstile stand-in: Cloudflare's script API and siteverify on a local port. */
export interface TurnstileStandin {
  /** Base URL, e.g. http://127.0.0.1:1234. */
  url: string
  /** Use as the client's script URL (`script_url` of the app section). */
  scriptUrl: string
  /** Use as the app section's `siteverify_url`. */
  siteverifyUrl: string
  /** The secret siteverify accepts. */
  secret: string
  mode: TurnstileStandinMode
  /** true: siteverify answers 503 (Cloudflare unreachable). */
  down: boolean
  /** Mints a token for `sitekey` as a solved challenge would (for tests without a browser). */
  mint(sitekey?: string): string
  /** Moves the stand-in's clock (token ages). */
  advance(ms: number): void
  /** Tokens minted so far, and siteverify calls seen (with the body fields). */
  minted: number
  readonly verifications: { response: string; secret: string; remoteip?: string; idempotency_key?: string }[]
  close(): Promise<void>
}

/** Cloudflare's token lifetime. */
const TOKEN_TTL_MS = 300_000

/** The browser script: `window.turnstile` with render/execute/reset/remove/getResponse, challenges solved by the stand-in. */
function script(base: string, onload: string | null): string {
  return `(() => {
  const BASE = ${JSON.stringify(base)};
  const widgets = new Map();
  let next = 0;
  const find = (w) => {
    if (typeof w === 'string' && widgets.has(w)) return widgets.get(w);
    for (const entry of widgets.values()) if (entry.el === w || (typeof w === 'string' && entry.el.matches && entry.el.matches(w))) return entry;
    return [...widgets.values()].at(-1);
  };
  const run = async (entry) => {
    const round = ++entry.round;
    entry.token = undefined;
    const res = await fetch(BASE + '/standin/challenge?sitekey=' + encodeURIComponent(entry.opts.sitekey), { method: 'POST' });
    const answer = await res.json();
    if (round !== entry.round || !widgets.has(entry.id)) return;
    if (answer.token) {
      entry.token = answer.token;
      entry.opts.callback && entry.opts.callback(answer.token);
    } else if (answer.error) {
      const handled = entry.opts['error-callback'] && entry.opts['error-callback'](answer.error);
      if (!handled) console.warn('[turnstile stand-in] unhandled error ' + answer.error);
    }
  };
  window.turnstile = {
    render(el, opts) {
      const node = typeof el === 'string' ? document.querySelector(el) : el;
      if (!node) throw new Error('turnstile.render: container not found');
      if (!opts || !opts.sitekey) throw new Error('turnstile.render: sitekey required');
      const id = 'cf-standin-' + (++next);
      const entry = { id, el: node, opts, token: undefined, round: 0 };
      widgets.set(id, entry);
      node.setAttribute('data-turnstile-standin', id);
      if (opts.execution !== 'execute') run(entry);
      return id;
    },
    execute(w) { const entry = find(w); if (entry) run(entry); },
    reset(w) { const entry = find(w); if (entry) { entry.round++; entry.token = undefined; } },
    remove(w) { const entry = find(w); if (entry) { widgets.delete(entry.id); entry.el.removeAttribute('data-turnstile-standin'); } },
    getResponse(w) { const entry = find(w); return entry ? entry.token : undefined; },
    ready(cb) { cb(); },
  };
  ${onload ? `if (typeof window[${JSON.stringify(onload)}] === 'function') window[${JSON.stringify(onload)}]();` : ''}
})();`
}

async function readBody(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const raw = Buffer.concat(chunks).toString('utf8')
  if ((req.headers['content-type'] ?? '').includes('application/json')) {
    try {
      return JSON.parse(raw) as Record<string, string>
    } catch {
      return {}
    }
  }
  return Object.fromEntries(new URLSearchParams(raw))
}

/** Starts the stand-in on a free loopback port. */
export async function startTurnstileStandin(options: { secret?: string; mode?: TurnstileStandinMode } = {}): Promise<TurnstileStandin> {
  const secret = options.secret ?? `0x4AAAAAAA-standin-secret-${randomBytes(6).toString('hex')}`
  const tokens = new Map<string, { sitekey: string; issuedAt: number; used: boolean; reject: boolean }>()
  let offset = 0
  const now = () => Date.now() + offset
  let server: Server

  const mint = (sitekey = 'standin', reject = false) => {
    const token = `XXXX.DUMMY.${randomBytes(48).toString('base64url')}`
    tokens.set(token, { sitekey, issuedAt: now(), used: false, reject })
    standin.minted++
    return token
  }

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
    res.end(JSON.stringify(body))
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', standin.url)
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'content-type' })
      return res.end()
    }
    if (req.method === 'GET' && url.pathname === '/turnstile/v0/api.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store', 'access-control-allow-origin': '*' })
      return res.end(script(standin.url, url.searchParams.get('onload')))
    }
    if (req.method === 'POST' && url.pathname === '/standin/challenge') {
      const sitekey = url.searchParams.get('sitekey') ?? ''
      const mode: TurnstileStandinMode = sitekey.includes('fail') ? 'fail' : sitekey.includes('slow') ? 'slow' : standin.mode
      if (mode === 'fail') return json(res, 200, { error: '300030' })
      if (mode === 'slow') return json(res, 200, { pending: true })
      return json(res, 200, { token: mint(sitekey, mode === 'reject') })
    }
    if (req.method === 'POST' && url.pathname === '/turnstile/v0/siteverify') {
      const body = await readBody(req)
      standin.verifications.push({
        response: body.response ?? '',
        secret: body.secret ?? '',
        ...(body.remoteip ? { remoteip: body.remoteip } : {}),
        ...(body.idempotency_key ? { idempotency_key: body.idempotency_key } : {}),
      })
      if (standin.down) return json(res, 503, { success: false, 'error-codes': ['internal-error'] })
      const fail = (...codes: string[]) => json(res, 200, { success: false, 'error-codes': codes, messages: [] })
      if (!body.secret) return fail('missing-input-secret')
      if (body.secret !== secret) return fail('invalid-input-secret')
      if (!body.response) return fail('missing-input-response')
      const entry = tokens.get(body.response)
      if (!entry || entry.reject) return fail('invalid-input-response')
      if (entry.used || now() - entry.issuedAt > TOKEN_TTL_MS) return fail('timeout-or-duplicate')
      entry.used = true
      return json(res, 200, {
        success: true,
        'error-codes': [],
        challenge_ts: new Date(entry.issuedAt).toISOString(),
        hostname: 'localhost',
        action: '',
        cdata: '',
        metadata: { interactive: false },
      })
    }
    return json(res, 404, { error: 'not found' })
  }

  server = createServer((req, res) => {
    handle(req, res).catch(() => json(res, 500, { success: false, 'error-codes': ['internal-error'] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`

  const standin: TurnstileStandin = {
    url,
    scriptUrl: `${url}/turnstile/v0/api.js?render=explicit`,
    siteverifyUrl: `${url}/turnstile/v0/siteverify`,
    secret,
    mode: options.mode ?? 'pass',
    down: false,
    mint: (sitekey) => mint(sitekey),
    advance: (ms) => void (offset += ms),
    minted: 0,
    verifications: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return standin
}
