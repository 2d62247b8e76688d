// Writes the wallet frame's script into dist/ next to the built plugin (the package serves it from there).
import { fileURLToPath } from 'node:url'
import { writeFrameScript } from '../plugins/embedded-wallet/server/frameScript.js'

const out = fileURLToPath(new URL('../dist/plugins/embedded-wallet/frame-assets/foyer-frame.js', import.meta.url))
await writeFrameScript(out)
console.log(`wallet frame script: ${out}`)
