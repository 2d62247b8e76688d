import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { createServer } from './createServer.js'
import { defineServerPlugin } from './defineServerPlugin.js'

const APP = 'plugin_config_app_0000001'
const bot = defineServerPlugin({
  id: 'bot',
  appConfig: v.strictObject({ bot_name: v.string(), bot_token: v.pipe(v.string(), v.minLength(10)) }),
  publicConfig: (section) => ({ telegram: true, telegram_auth_config: { bot_id: '1', bot_name: (section as { bot_name: string }).bot_name, link_enabled: true, seamless_auth_enabled: false } }),
  routes(app, ctx) {
    app.get('/api/v1/bot/secret-length', (c) => c.json({ length: (ctx.apps.of(c).plugins.bot as { bot_token: string }).bot_token.length }))
  },
})
const base = { dataDir: ':memory:', databaseUrl: '', smtpUrl: '', dev: false, logger: { info() {}, warn() {}, error() {} } }

describe('plugin sections of the app config', () => {
  it('a section named like a boolean flag turns the flag on; plugins without appConfig own no key', async () => {
    const telegram = defineServerPlugin({ id: 'telegram', appConfig: v.object({ bot_name: v.string() }), routes() {} })
    const passkey = defineServerPlugin({ id: 'passkey', routes() {} })
    const server = await createServer({
      ...base,
      smtpUrl: 'smtp://127.0.0.1:1',
      plugins: [telegram, passkey],
      apps: [{ id: APP, name: 'A', allowed_origins: [], telegram: { bot_name: 'b' }, passkey: true }],
    })
    const config = await (await server.app.request(`/api/v1/apps/${APP}`)).json()
    expect(config.telegram).toBe(true)
    expect(config.passkey).toBe(true)
    await server.close()
  })

  it('are validated by the plugin, kept server-side, and may add public fields', async () => {
    const server = await createServer({
      ...base,
      smtpUrl: 'smtp://127.0.0.1:1',
      plugins: [bot],
      apps: [{ id: APP, name: 'A', allowed_origins: [], bot: { bot_name: 'foyer_bot', bot_token: '123456:secret-token' } }],
    })
    const config = await (await server.app.request(`/api/v1/apps/${APP}`)).json()
    expect(config.telegram_auth_config.bot_name).toBe('foyer_bot')
    expect(config.telegram).toBe(true)
    expect(JSON.stringify(config)).not.toContain('secret-token')
    const res = await server.app.request('/api/v1/bot/secret-length', { headers: { 'foyer-app-id': APP } })
    expect(await res.json()).toEqual({ length: 19 })
    await server.close()
  })

  it('a wrong field in a section names the section field; a section without its plugin is a typo', async () => {
    const apps = (section: unknown) => [{ id: APP, name: 'A', allowed_origins: [], bot: section }]
    await expect(createServer({ ...base, smtpUrl: 'smtp://x', plugins: [bot], apps: apps({ bot_name: 'b', bot_token: 'short' }) })).rejects.toThrow(
      /apps\[0\]\.bot\.bot_token/,
    )
    await expect(createServer({ ...base, smtpUrl: 'smtp://x', plugins: [], apps: apps({}) })).rejects.toThrow(/apps\[0\]\.bot/)
  })
})
