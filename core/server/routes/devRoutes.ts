import type { Hono } from 'hono'
import type { OutboxEntry } from '../mailer.js'

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

function page(entries: OutboxEntry[]): string {
  const items = entries
    .map(
      (e) => `<li><strong>${escape(e.to)}</strong> — ${escape(e.subject)}
  ${e.code ? `<div class="code" data-testid="outbox-code">${escape(e.code)}</div>` : ''}
  <pre>${escape(e.text)}</pre><small>${new Date(e.createdAt * 1000).toISOString()}</small></li>`,
    )
    .join('\n')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Foyer dev outbox</title>
<meta http-equiv="refresh" content="5">
<style>body{font:15px system-ui;margin:2rem;max-width:48rem}li{margin:0 0 1rem;padding:1rem;border:1px solid #ddd;border-radius:8px;list-style:none}
.code{font:600 2rem ui-monospace,monospace;letter-spacing:.3rem;margin:.5rem 0}pre{white-space:pre-wrap}</style></head>
<body><h1>Dev outbox</h1><p>Mail the server would have sent, newest first. Refreshes every 5 s.</p>
<ul>${items || '<li>No mail yet.</li>'}</ul></body></html>`
}

/** Dev-only pages: GET /dev/outbox (JSON, or HTML when the browser asks) and /dev/outbox.html. */
export function devRoutes(app: Hono, outbox: { list(): Promise<OutboxEntry[]> } | null): void {
  app.get('/dev/outbox', async (c) => {
    const entries = outbox ? await outbox.list() : []
    const accept = c.req.header('accept') ?? ''
    if (accept.includes('text/html')) return c.html(page(entries))
    return c.json(entries)
  })
  app.get('/dev/outbox.html', async (c) => c.html(page(outbox ? await outbox.list() : [])))
}
