import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTwilioStandin, type TwilioStandin } from '../../test/standins/twilioStandin.js'
import { createServer } from './createServer.js'
import { createTwilioSmsSender, SmsSendError, twilioOptionsFromEnv } from './sms.js'

let twilio: TwilioStandin
beforeAll(async () => {
  twilio = await startTwilioStandin()
})
afterAll(() => twilio.close())

const sender = (overrides: { authToken?: string; logger?: { info(): void; warn(m: string): void; error(): void } } = {}) =>
  createTwilioSmsSender({ accountSid: twilio.accountSid, authToken: overrides.authToken ?? twilio.authToken, from: '+15005550006', baseUrl: twilio.url, ...(overrides.logger ? { logger: overrides.logger } : {}) })

describe('Twilio-shaped SMS sender', () => {
  it('posts To, From and Body form-encoded with Basic auth to the Messages resource', async () => {
    await sender().send({ appId: 'a', to: '+14155550100', text: '123456 is your login code', code: '123456' })
    expect(twilio.messages.at(-1)).toMatchObject({ to: '+14155550100', from: '+15005550006', body: '123456 is your login code' })
  })

  it('a wrong auth token fails with a generic message, logging neither token nor text', async () => {
    const lines: string[] = []
    const logger = { info() {}, warn: (m: string) => void lines.push(m), error() {} }
    const count = twilio.messages.length
    const failing = sender({ authToken: 'wrong-token', logger }).send({ appId: 'a', to: '+14155550100', text: '654321 is your code', code: '654321' })
    await expect(failing).rejects.toBeInstanceOf(SmsSendError)
    await expect(failing).rejects.toMatchObject({ status: 422, code: 'sms_verification_failed', message: 'SMS verification failed. Please try again later.' })
    expect(twilio.messages.length).toBe(count)
    expect(lines.join('\n')).toContain('code 20003')
    expect(lines.join('\n')).not.toMatch(/wrong-token|654321/)
  })

  it("a number the provider refuses shows the provider's message", async () => {
    twilio.blockedNumbers.add('+14155550199')
    await expect(sender().send({ appId: 'a', to: '+14155550199', text: 'x' })).rejects.toMatchObject({
      code: 'sms_verification_failed',
      message: expect.stringMatching(/^SMS verification failed: Permission to send an SMS has not been enabled for the region/),
    })
  })

  it('an unreachable provider fails with the generic message', async () => {
    const dead = createTwilioSmsSender({ accountSid: 'AC1', authToken: 't', from: '+1', baseUrl: 'http://127.0.0.1:1' })
    await expect(dead.send({ appId: 'a', to: '+14155550100', text: 'x' })).rejects.toMatchObject({ code: 'sms_verification_failed' })
  })

  it('reads TWILIO_* settings and refuses a partial set', () => {
    expect(twilioOptionsFromEnv({})).toBeNull()
    expect(twilioOptionsFromEnv({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '+1', TWILIO_API_URL: 'http://x' })).toEqual({
      accountSid: 'AC1',
      authToken: 't',
      from: '+1',
      baseUrl: 'http://x',
    })
    expect(() => twilioOptionsFromEnv({ TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(/must be set together/)
  })

  it('production refuses to start when an app enables sms_auth without a provider', async () => {
    const base = { dataDir: ':memory:', databaseUrl: '', smtpUrl: 'smtp://127.0.0.1:1', dev: false, sms: null, logger: { info() {}, warn() {}, error() {} } }
    const app = { id: 'sms_prod_app_000000000001', name: 'A', allowed_origins: [], sms_auth: true }
    await expect(createServer({ ...base, apps: [app] })).rejects.toThrow(/sms_auth/)
  })
})
