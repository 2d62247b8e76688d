import { describe, expect, it } from 'vitest'
import { createTestServer } from '../../test/kit/createTestServer.js'
import { createServer } from './createServer.js'
import { declaredErrorCodes } from './declaredErrorCodes.js'
import { defineServerPlugin } from './defineServerPlugin.js'

const plugin = (id: string, errorCodes: string[]) => defineServerPlugin({ id, errorCodes, routes() {} })

describe('declared error codes', () => {
  it("maps core's codes to core and each plugin's to the plugin", () => {
    const owners = declaredErrorCodes([plugin('a', ['a_failed']), plugin('b', ['b_failed'])])
    expect([owners.get('invalid_data'), owners.get('a_failed'), owners.get('b_failed')]).toEqual(['core', 'a', 'b'])
  })

  it('a code declared twice, or one of core’s, stops the start before any database opens', async () => {
    await expect(createServer({ dev: true, plugins: [plugin('a', ['taken']), plugin('b', ['taken'])] })).rejects.toThrow(
      'Server plugin "b": error code "taken" is already declared by plugin "a"',
    )
    await expect(createServer({ dev: true, plugins: [plugin('a', ['invalid_data'])] })).rejects.toThrow('already declared by core')
    await expect(createServer({ dev: true, plugins: [plugin('a', ['Not-Snake'])] })).rejects.toThrow('lower snake case')
  })

  it('dev mode warns when a route answers a code nobody declared, naming route and code only', async () => {
    const warnings: string[] = []
    const t = await createTestServer({
      logger: { info() {}, warn: (msg) => warnings.push(msg), error() {} },
      plugins: [
        defineServerPlugin({
          id: 'thrower',
          errorCodes: ['thrower_declared'],
          routes(app, ctx) {
            app.post('/api/v1/thrower/:code', (c) => {
              throw new ctx.HttpError(400, c.req.param('code'), 'Refused')
            })
          },
        }),
      ],
    })
    try {
      for (const code of ['thrower_declared', 'invalid_data', 'made_up']) {
        const res = await t.request(`/api/v1/thrower/${code}`, { body: { secret: 'do-not-log' } })
        expect([res.status, (await res.json()).code]).toEqual([400, code])
      }
      expect(warnings).toEqual([expect.stringContaining('POST /api/v1/thrower/made_up answered the undeclared error code "made_up"')])
      expect(warnings.join()).not.toContain('do-not-log')
    } finally {
      await t.close()
    }
  })
})
