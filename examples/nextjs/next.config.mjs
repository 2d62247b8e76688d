// Foyer in a Next.js App Router app, from the published package: a client <FoyerProvider> (app/providers.tsx), a server
// component that reads the signed-in user from the `foyer-token` cookie (app/page.tsx), and a proxy (Next 16's name for
// middleware) that verifies that cookie and sends signed-out visitors away from /dashboard (proxy.ts).
// The cookie: give the app a "session_cookies" section on the Foyer server (docs/guide/backend.md); the tokens then live
// in HttpOnly cookies the browser sends to this app too. Set NEXT_PUBLIC_FOYER_API_URL and NEXT_PUBLIC_FOYER_APP_ID.
// No Foyer-specific configuration here: no transpilePackages, no CSS loader.
/** @type {import('next').NextConfig} */
export default {}
