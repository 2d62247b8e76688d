// The server a self-hoster runs: the kernel plus the plugins they want, configured from the environment.
// Run: node --conditions=source --import tsx examples/server/main.ts
import { createServer } from 'foyer/server'
import { emailServer } from 'foyer/plugins/email/server'

const port = Number(process.env.PORT ?? 8787)
const appPort = Number(process.env.APP_PORT ?? 5173)
const ttl = process.env.FOYER_ACCESS_TOKEN_TTL ? Number(process.env.FOYER_ACCESS_TOKEN_TTL) : undefined

// The dev app `npm start` serves: the login methods that work on a laptop with no outside services.
// FOYER_DEV_APP (JSON) adds or overrides fields, e.g. an OAuth provider section pointing at a test stand-in.
const devApp: Record<string, unknown> = {
  email_auth: true,
  ...(process.env.FOYER_DEV_APP ? (JSON.parse(process.env.FOYER_DEV_APP) as Record<string, unknown>) : {}),
}

const server = await createServer({
  plugins: [emailServer()],
  // FOYER_DATA_DIR, DATABASE_URL, SMTP_URL and FOYER_DEV_APP_ID are read by createServer itself.
  ...(process.env.FOYER_CONFIG ? { configFile: process.env.FOYER_CONFIG } : {}),
  devOrigins: [`http://localhost:${appPort}`, `http://127.0.0.1:${appPort}`],
  devApp,
  ...(ttl ? { accessTokenTtlSeconds: ttl } : {}),
  trustProxy: process.env.FOYER_TRUST_PROXY === '1',
})

const { url } = await server.listen(port, process.env.HOST ?? '0.0.0.0')
console.log(`[foyer] server listening on ${url}`)
if (server.ctx.config.dev) {
  console.log(`[foyer] dev app id: ${server.ctx.config.devAppId} (allowed origins: localhost and 127.0.0.1 on port ${appPort})`)
  if (!process.env.SMTP_URL) console.log(`[foyer] login codes appear here in the terminal and at ${url}/dev/outbox`)
}

const stop = async () => {
  await server.close()
  process.exit(0)
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
