// Writes the wallet frame into dist/ next to the built plugin (the package serves it from there): the frame kernel,
// the embedded wallet's own half (Ethereum signing) and the frame half of every built-in plugin that has one
// (plugins/<id>/frame.ts).
import { existsSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { OWN_FRAME_HALF, writeFrame } from '../plugins/wallet-frame/server/frameScript.js'

const plugins = fileURLToPath(new URL('../plugins/', import.meta.url))
const halves = [
  OWN_FRAME_HALF,
  ...readdirSync(plugins)
    .filter((id) => existsSync(`${plugins}${id}/frame.ts`) && id !== 'embedded-wallet')
    .map((id) => ({ id, entry: `${plugins}${id}/frame.ts` })),
]
const out = fileURLToPath(new URL('../dist/plugins/embedded-wallet/frame-assets/', import.meta.url))
const build = await writeFrame(out, halves)
console.log(`wallet frame: ${out} (kernel ${build.kernel}; halves ${Object.keys(build.halves).join(', ') || 'none'}; ${build.files.length} files)`)
