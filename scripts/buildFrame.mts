// Writes the wallet frame into dist/ next to its built server half (the package serves it from there): the frame kernel,
// the embedded wallet's own half (Ethereum signing) and the frame half of every built-in plugin that has one
// (plugins/<id>/frame.ts).
import { existsSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { OWN_FRAME_HALF } from '../plugins/embedded-wallet/server/ownFrameHalf.js'
import { writeFrame } from '../plugins/wallet-frame/server/frameScript.js'

const plugins = fileURLToPath(new URL('../plugins/', import.meta.url))
const halves = [
  OWN_FRAME_HALF,
  ...readdirSync(plugins)
    // embedded-wallet's frame.ts re-exports wallet-frame's, the halves' entry: neither is a half.
    .filter((id) => existsSync(`${plugins}${id}/frame.ts`) && id !== 'embedded-wallet' && id !== 'wallet-frame')
    .map((id) => ({ id, entry: `${plugins}${id}/frame.ts` })),
]
const out = fileURLToPath(new URL('../dist/plugins/wallet-frame/frame-assets/', import.meta.url))
const build = await writeFrame(out, halves)
console.log(`wallet frame: ${out} (kernel ${build.kernel}; halves ${Object.keys(build.halves).join(', ') || 'none'}; ${build.files.length} files)`)
