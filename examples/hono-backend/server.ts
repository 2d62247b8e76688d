// A back end for a Foyer app, with Hono on Node (npm start): `GET /api/me` verifies the bearer token with `foyer/node`
// and answers `{ userId }`, or 401 (app.ts). Set FOYER_API_URL, FOYER_APP_ID, APP_ORIGIN (the browser app) and PORT.
// In the browser: fetch(`${backend}/api/me`, { headers: { Authorization: `Bearer ${await getAccessToken()}` } }).
import { serve } from '@hono/node-server'
import { createApp } from './app'

const app = createApp({
  appId: process.env.FOYER_APP_ID ?? 'foyer_dev_app_00000000001',
  apiUrl: process.env.FOYER_API_URL ?? 'http://localhost:8787',
  appOrigin: process.env.APP_ORIGIN ?? 'http://localhost:5173',
})
const port = Number(process.env.PORT ?? 3001)
serve({ fetch: app.fetch, port }, () => console.log(`back end listening on http://localhost:${port}`))
