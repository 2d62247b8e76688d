// Foyer's embedded wallet as a wagmi connector in a Vite + React app: sign in with Foyer, then wagmi's own hooks
// (useConnection, useSignMessage) see the user's embedded wallet (src/main.tsx). Copy .env values:
// VITE_FOYER_API_URL, VITE_FOYER_APP_ID and VITE_RPC_URL (a local anvil by default).
// The stock Vite + React setup: nothing Foyer-specific.
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({ plugins: [react()] })
