// Writes the admin console into dist/ next to its built server half (the package serves it from there, at /admin):
// its entry, its code-split chunks (the charts' among them, loaded lazily), its stylesheet and a manifest.
import { fileURLToPath } from 'node:url'
import { writeConsole } from '../plugins/admin-console/server/consoleAssets.js'

const out = fileURLToPath(new URL('../dist/plugins/admin-console/console-assets/', import.meta.url))
const build = await writeConsole(out)
console.log(`admin console: ${out} (entry ${build.entry}; ${build.files.length} files)`)
