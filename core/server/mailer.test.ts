import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpSink } from '../../test/standins/smtpSink.js'
import type { SmtpSink } from '../../test/standins/smtpSink.js'
import { createTestServer } from '../../test/kit/createTestServer.js'

let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
})
afterAll(() => sink.close())

describe('mail over SMTP', () => {
  it('delivers the login code to the SMTP server and keeps the dev outbox empty', async () => {
    const t = await createTestServer({ smtpUrl: sink.url, mailFrom: 'Foyer <login@foyer.test>' })
    try {
      const res = await t.request('/api/v1/passwordless/init', { body: { email: 'smtp@example.com' } })
      expect(res.status).toBe(200)
      const mail = await sink.waitFor('smtp@example.com')
      expect(mail.from).toBe('login@foyer.test')
      expect(mail.subject).toBe('Your login code for Test App')
      const code = /^(\d{6}) is your login code for Test App\. It expires in 10 minutes\.$/.exec(mail.text)?.[1]
      expect(code).toBeDefined()
      expect(await t.outbox()).toEqual([])
      const login = await t.request('/api/v1/passwordless/authenticate', { body: { email: 'smtp@example.com', code } })
      expect(login.status).toBe(200)
    } finally {
      await t.close()
    }
  })
})
