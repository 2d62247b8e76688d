// The server a self-hoster runs: the kernel plus the plugins they want, configured from the environment.
// Run: node --conditions=source --import tsx examples/server/main.ts (what `npm start` runs). From the installed
// package, `npx foyer start` runs this same composition.
//
// foyer/standalone holds it, one copy for both (standalone/ in this repository):
// - standalonePlugins(env, { apiOrigin }): createServer from foyer/server with the server half of every built-in plugin
//   (emailServer from foyer/plugins/email/server, embeddedWalletServer, passkeyServer, …); those that need a key in
//   production (Moonpay, delegated actions, webhooks) only when it is set;
// - pluginsFromEnv(env): FOYER_SERVER_PLUGINS, comma-separated modules (paths or package names) whose default export is a
//   server plugin or a list of them: third-party plugins join the composition without editing this file;
// - devAppFromEnv(env): the dev app (outside production): e-mail and SMS codes in the dev outbox, passkeys, guests,
//   SIWE / SIWS, an embedded wallet created at login, MFA, funding; FOYER_DEV_APP (JSON) adds or overrides fields;
// - startStandaloneServer(options): the ports (PORT, default 8787; the wallet frame's FOYER_WALLET_PORT, default PORT + 1,
//   or FOYER_WALLET_ORIGIN in production; APP_PORT, the example app's, which the dev app allows), FOYER_CONFIG,
//   FOYER_DEV_APPS, FOYER_ACCESS_TOKEN_TTL, FOYER_RATE_LIMITS, FOYER_MFA_WINDOW_SECONDS, the start lines, and SIGINT /
//   SIGTERM shutting down within FOYER_SHUTDOWN_GRACE_MS. createServer reads FOYER_DATA_DIR, DATABASE_URL, SMTP_URL,
//   FOYER_DEV_APP_ID, FOYER_DEV_ORIGINS and FOYER_TRUST_PROXY itself. Every setting: docs/self-hosting.md.
//
// A server of your own: copy this file and pass `plugins: [myServerPlugin()]`, or compose createServer yourself from
// standalonePlugins() and devAppFromEnv().
import { startStandaloneServer } from 'foyer/standalone'

await startStandaloneServer({ plugins: [] })
