import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { frameAndMisconfigurationErrorCodes, serverErrorCodes } from '../../core/protocol/index.js'
import { serverPlugins } from '../kit/pluginHalves.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

interface Site {
  file: string
  line: number
  /** The string literals the code argument can be; empty when it is computed. */
  codes: string[]
}

/**
 * Every place that sends an error body: `new HttpError(status, code, …)` (also `ctx.HttpError`),
 * `errorResponse(c, status, code, …)` and `super(status, code, …)` in a subclass of HttpError.
 */
function errorSites(file: string): Site[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const sites: Site[] = []
  const add = (node: ts.Node, code: ts.Expression | undefined) => {
    if (!code) return
    const codes: string[] = []
    const collect = (n: ts.Node): void => {
      if (ts.isStringLiteralLike(n)) codes.push(n.text)
      else ts.forEachChild(n, collect)
    }
    collect(code)
    sites.push({ file: relative(root, file), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, codes })
  }
  const extendsHttpError = (node: ts.Node): boolean => {
    const owner = ts.findAncestor(node, ts.isClassDeclaration)
    return Boolean(owner?.heritageClauses?.some((h) => h.types.some((t) => t.expression.getText() === 'HttpError')))
  }
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && /(^|\.)HttpError$/.test(node.expression.getText())) add(node, node.arguments?.[1])
    if (ts.isCallExpression(node)) {
      if (node.expression.getText() === 'errorResponse') add(node, node.arguments[2])
      if (node.expression.kind === ts.SyntaxKind.SuperKeyword && extendsHttpError(node)) add(node, node.arguments[1])
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return sites
}

const owner = (file: string) => (file.startsWith('plugins/') ? file.split('/')[1]! : 'core')

describe('server error codes', () => {
  const sites = [...sourceFiles(join(root, 'core/server')), ...sourceFiles(join(root, 'plugins'))].flatMap(errorSites)

  it('every code a route sends is a literal, except where the error handler forwards a thrown one', () => {
    const computed = sites.filter((s) => s.codes.length === 0).map((s) => `${s.file}:${s.line}`)
    expect(computed.map((at) => at.replace(/:\d+$/, ''))).toEqual(['core/server/http/errorHandler.ts'])
  })

  it('each is declared by core or by the plugin that sends it', async () => {
    const declared = new Map<string, ReadonlySet<string>>([['core', new Set([...serverErrorCodes, ...frameAndMisconfigurationErrorCodes])]])
    for (const plugin of await serverPlugins()) declared.set(plugin.id, new Set(plugin.errorCodes ?? []))
    const undeclared = sites.flatMap((site) =>
      site.codes
        .filter((code) => !declared.get('core')!.has(code) && !declared.get(owner(site.file))?.has(code))
        .map((code) => `${site.file}:${site.line} ${code}`),
    )
    expect(undeclared).toEqual([])
    // The scan sees the codes (a broken scan would pass the check above with nothing found).
    expect(new Set(sites.flatMap((s) => s.codes))).toContain('invalid_state')
  })

  it('no plugin declares a code it never sends', async () => {
    const sent = new Map<string, Set<string>>()
    for (const site of sites) for (const code of site.codes) sent.set(owner(site.file), (sent.get(owner(site.file)) ?? new Set()).add(code))
    const unused = (await serverPlugins()).flatMap((p) => (p.errorCodes ?? []).filter((code) => !sent.get(p.id)?.has(code)).map((code) => `${p.id}: ${code}`))
    expect(unused).toEqual([])
  })
})
