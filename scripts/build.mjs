// `npm run build` (and `prepack`): a clean dist/ from the TypeScript sources, so a file deleted or
// renamed in the sources never lingers in the published package.
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
rmSync(`${root}dist`, { recursive: true, force: true })
const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' })
if (tsc.status !== 0) process.exit(tsc.status ?? 1)
// The wallet frame page's script is one browser bundle (viem accounts, shamir, noble), built apart from the modules.
const frame = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', 'scripts/buildFrame.mts'], { cwd: root, stdio: 'inherit' })
if (frame.status !== 0) process.exit(frame.status ?? 1)
// The admin console (/admin) is one browser app with code-split chunks (its charts load lazily), built the same way.
const adminConsole = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', 'scripts/buildConsole.mts'], { cwd: root, stdio: 'inherit' })
process.exit(adminConsole.status ?? 1)
