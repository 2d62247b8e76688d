import { run } from './run.js'

/**
 * The packages a host's production dependencies install: `npm ls --all --parseable --omit=dev`, one
 * path a line, less the host itself. The esbuild host's only dependencies are foyer, react and
 * react-dom, so this is what `npm install foyer react react-dom` puts in an e-mail-only app.
 */
export async function countPackages(hostDir: string): Promise<{ count: number; names: string[] }> {
  const { output } = await run('npm', ['ls', '--all', '--parseable', '--omit=dev', '--loglevel=error'], { cwd: hostDir })
  const paths = [...new Set(output.split('\n').map((l) => l.trim()).filter((l) => l.includes('node_modules')))]
  const names = paths.map((p) => p.slice(p.lastIndexOf('node_modules/') + 'node_modules/'.length)).sort()
  return { count: paths.length, names }
}
