import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
// @ts-expect-error plain ESM helper without types
import { foyerAliases } from '../../scripts/aliases.mjs'

/** The example host app. `foyer` imports resolve to this repo's sources. */
export default defineConfig({
  root: import.meta.dirname,
  // npm start runs two of these (the host app and the second app): each optimizes its dependencies into its own folder.
  ...(process.env.FOYER_VITE_CACHE ? { cacheDir: `${import.meta.dirname}/../../${process.env.FOYER_VITE_CACHE}` } : {}),
  plugins: [react()],
  resolve: { alias: foyerAliases },
  // Libraries the plugins import lazily: pre-bundled at start, so the dev server never discovers one
  // mid-session and reloads the page (which would also break an e2e run).
  optimizeDeps: { include: ['qrcode', 'libphonenumber-js', '@simplewebauthn/browser', '@wallet-standard/app', 'bs58', '@solana/web3.js', '@solana/wallet-adapter-react', '@wagmi/core'] },
  server: { port: Number(process.env.APP_PORT ?? 5173), strictPort: true, host: 'localhost' },
  preview: { port: Number(process.env.APP_PORT ?? 5173), strictPort: true, host: 'localhost' },
  define: {
    'import.meta.env.VITE_FOYER_API_URL': JSON.stringify(process.env.FOYER_API_URL ?? `http://localhost:${process.env.PORT ?? 8787}`),
    // `npm start`'s local chain (anvil), as `<chain id>:<rpc url>`; empty without one.
    'import.meta.env.VITE_FOYER_LOCAL_CHAIN': JSON.stringify(process.env.VITE_FOYER_LOCAL_CHAIN ?? ''),
    // `npm start`'s local stack (examples/local-stack): its Solana RPC, test USDC and faucet, as JSON; empty without one.
    'import.meta.env.VITE_FOYER_LOCAL_STACK': JSON.stringify(process.env.VITE_FOYER_LOCAL_STACK ?? ''),
    // The tag beside the brand ('demo'; npm start's second app says what it is).
    'import.meta.env.VITE_FOYER_APP_TAG': JSON.stringify(process.env.FOYER_APP_TAG ?? 'demo'),
    'import.meta.env.VITE_FOYER_APP_ID': JSON.stringify(process.env.FOYER_DEV_APP_ID ?? 'foyer_dev_app_00000000001'),
  },
})
