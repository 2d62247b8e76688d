// A plain Next.js App Router app: no transpilePackages, no CSS loader, nothing Foyer-specific.
/** @type {import('next').NextConfig} */
export default {}
