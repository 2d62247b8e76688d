import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The stock Vite + React setup: nothing Foyer-specific (no CSS plugin, no optimizeDeps, no aliases).
export default defineConfig({ plugins: [react()] })
