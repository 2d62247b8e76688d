import * as v from 'valibot'
import { appInputSchema, buildApps, type App, type AppSections, type PublicConfigFn, type PublicConfigServer } from '../apps.js'
import { formatIssuePath } from '../http/parse.js'

/** One entry after validation: what `buildApps` takes. */
export type ParsedAppEntry = Parameters<typeof buildApps>[0][number]

/** What validating and building an entry needs: the plugins' sections and what their publicConfig reads. */
export interface AppBuildContext {
  sections: AppSections
  plugins: readonly { id: string; appConfig?: unknown; publicConfig?: PublicConfigFn }[]
  server: PublicConfigServer
  /** Added to every app's allowed origins (the wallet frame's). */
  walletOrigin: string | null
}

/** Why an entry is refused: `<field path>: <message>` (never a secret's value: `secretPaths` get a generic message). */
export class InvalidAppEntryError extends Error {}

/**
 * Validates `entry` exactly like a config file's entry (the plugins' sections, then buildApps' own checks such as
 * session_cookies) and builds the runtime app.
 */
export function validateAppEntry(entry: unknown, build: AppBuildContext, secretPaths: ReadonlySet<string> = new Set()): { parsed: ParsedAppEntry; app: App } {
  const result = v.safeParse(appInputSchema(build.sections), entry)
  if (!result.success) {
    const issue = result.issues[0]
    const path = formatIssuePath(issue.path) || '(root)'
    // valibot's messages may quote the value received: not for a secret field.
    const message = [...secretPaths].some((p) => path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}[`)) ? `Invalid ${issue.kind} (${issue.type})` : issue.message
    throw new InvalidAppEntryError(`${path}: ${message}`)
  }
  const parsed = result.output as ParsedAppEntry
  let app: App | undefined
  try {
    app = buildApps([parsed], 0, build.plugins as never, build.server).get(parsed.id)
  } catch (error) {
    // buildApps' errors read `app <id>: <field> ...`: name the field first.
    const text = (error as Error).message.replace(/^app \S+: /, '')
    const field = /^([a-z_][a-z0-9_.-]*)\s/i.exec(text)?.[1]
    throw new InvalidAppEntryError(field ? `${field}: ${text}` : `(root): ${text}`)
  }
  if (build.walletOrigin) app!.allowedOrigins.add(build.walletOrigin)
  return { parsed, app: app! }
}
