import { describe, expect, it } from 'vitest'
import { clientErrorTexts, coreErrorTexts, SERVER_MESSAGE, type ErrorScreenEntry } from '../../core/client/errorTexts.js'
import { createTranslator } from '../../core/client/i18n/createTranslator.js'
import { en } from '../../core/client/i18n/en.js'
import { serverErrorCodes } from '../../core/protocol/index.js'
import { clientPlugin, serverPlugins } from '../kit/pluginHalves.js'

// A text that is still a key after translation ('oauth.error.gone') names a text nobody registered.
const unresolved = (text: string) => /^[\w-]+(\.[\w-]+)+$/.test(text)

const keysOf = (entry: ErrorScreenEntry) => (entry === SERVER_MESSAGE ? [] : [entry.title, entry.detail, entry.cta].filter((k): k is string => !!k))

describe('client error codes: every server code has a text on the client', () => {
  it('each core code has a row in the kernel table (a text of the kernel, or the server message)', () => {
    const rows = coreErrorTexts as Readonly<Record<string, ErrorScreenEntry>>
    expect(serverErrorCodes.map((code) => code.toUpperCase()).filter((code) => !Object.hasOwn(rows, code))).toEqual([])
    // No row for a code core doesn't declare (a stale row would hide a renamed code).
    expect(Object.keys(rows).filter((code) => !(serverErrorCodes as readonly string[]).includes(code.toLowerCase()))).toEqual([])
  })

  it("the kernel rows' text keys are in the kernel's English", () => {
    const t = createTranslator(en)
    const missing = Object.entries({ ...coreErrorTexts, ...clientErrorTexts }).flatMap(([code, entry]) =>
      keysOf(entry).filter((key) => unresolved(t(key))).map((key) => `${code}: ${key}`),
    )
    expect(missing).toEqual([])
  })

  it("each plugin-declared code is in its client plugin's `errors`, with a text that resolves", async () => {
    // Server-only plugins: their callers are back ends (an app secret), never a page with the kernel's error screens;
    // the admin console's page maps the admin-console plugin's codes itself (adminApi.ts's adminErrorCodes).
    const serverOnly = new Set(['management', 'admin-console'])
    const servers = (await serverPlugins()).filter((p) => p.errorCodes?.length && !serverOnly.has(p.id))
    // The scan sees the plugins (a broken scan would pass with nothing found).
    expect(servers.map((p) => p.id)).toEqual(expect.arrayContaining(['oauth', 'passkey', 'guest']))
    const unmapped: string[] = []
    for (const server of servers) {
      const client = await clientPlugin(server.id)
      if (client?.id !== server.id) {
        unmapped.push(`${server.id}: no client plugin with this id`)
        continue
      }
      const t = createTranslator(en, client.texts)
      for (const code of server.errorCodes ?? []) {
        const text = client.errors?.[code.toUpperCase()]
        if (!text) unmapped.push(`${server.id}: ${code} has no entry in errors`)
        else if (unresolved(t(text))) unmapped.push(`${server.id}: ${code} → ${text}, a text the plugin doesn't register`)
      }
    }
    expect(unmapped).toEqual([])
  })
})
