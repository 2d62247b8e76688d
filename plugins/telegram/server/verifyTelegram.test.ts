import { describe, expect, it } from 'vitest'
import { signTelegramWebApp, signTelegramWidget, webAppData, widgetResult } from '../../../test/standins/telegramStandin.js'
import { dataCheckString, verifyTelegramWebApp, verifyTelegramWidget } from './verifyTelegram.js'

const TOKEN = '7000000001:AAFoyerTestTokenForTheStandinOnly_x'
const user = { id: 99, first_name: 'Ada', last_name: 'L', username: 'ada', photo_url: 'https://t.me/i/ada.jpg' }
const now = 1_800_000_000_000
const nowS = now / 1000

describe('dataCheckString', () => {
  it('is the sorted key=value lines of every field but hash', () => {
    expect(dataCheckString({ username: 'u', hash: 'h', auth_date: '1', id: '2' })).toBe('auth_date=1\nid=2\nusername=u')
  })
})

describe('verifyTelegramWidget', () => {
  it('accepts data signed with HMAC-SHA-256 keyed by SHA-256(bot token)', () => {
    const fields = widgetResult(user, TOKEN, nowS - 10)
    expect(verifyTelegramWidget(fields, TOKEN, { now })).toMatchObject({
      telegramUserId: '99', firstName: 'Ada', lastName: 'L', username: 'ada', photoUrl: 'https://t.me/i/ada.jpg', authDate: nowS - 10,
    })
  })

  it('accepts a result without the optional fields', () => {
    const fields: Record<string, string> = { id: '5', first_name: 'Min', auth_date: String(nowS) }
    fields.hash = signTelegramWidget(fields, TOKEN)
    expect(verifyTelegramWidget(fields, TOKEN, { now }).username).toBeNull()
  })

  it('refuses a forged hash, a changed field, another bot token and the web-app scheme', () => {
    const fields = widgetResult(user, TOKEN, nowS)
    expect(() => verifyTelegramWidget({ ...fields, hash: 'a'.repeat(64) }, TOKEN, { now })).toThrow(expect.objectContaining({ reason: 'bad_hash' }))
    expect(() => verifyTelegramWidget({ ...fields, id: '100' }, TOKEN, { now })).toThrow(expect.objectContaining({ reason: 'bad_hash' }))
    expect(() => verifyTelegramWidget({ ...fields, extra: 'x' }, TOKEN, { now })).toThrow(expect.objectContaining({ reason: 'bad_hash' }))
    expect(() => verifyTelegramWidget(fields, '7000000001:AnotherTokenAnotherTokenAnother', { now })).toThrow(expect.objectContaining({ reason: 'bad_hash' }))
    const { hash: _h, ...unsigned } = fields
    const webAppSigned = { ...unsigned, hash: signTelegramWebApp(unsigned, TOKEN) }
    expect(() => verifyTelegramWidget(webAppSigned, TOKEN, { now })).toThrow(expect.objectContaining({ reason: 'bad_hash' }))
    expect(() => verifyTelegramWidget({ ...fields, hash: 'zz' }, TOKEN, { now })).toThrow(expect.objectContaining({ reason: 'bad_hash' }))
  })

  it('refuses auth_date older than 5 minutes and in the future', () => {
    expect(verifyTelegramWidget(widgetResult(user, TOKEN, nowS - 300), TOKEN, { now }).telegramUserId).toBe('99')
    expect(() => verifyTelegramWidget(widgetResult(user, TOKEN, nowS - 301), TOKEN, { now })).toThrow(expect.objectContaining({ reason: 'expired' }))
    expect(() => verifyTelegramWidget(widgetResult(user, TOKEN, nowS + 3600), TOKEN, { now })).toThrow(expect.objectContaining({ reason: 'future' }))
  })

  it('refuses missing id, hash or auth_date', () => {
    const fields = widgetResult(user, TOKEN, nowS)
    for (const key of ['id', 'hash']) {
      const copy = { ...fields }
      delete copy[key]
      expect(() => verifyTelegramWidget(copy, TOKEN, { now })).toThrow(expect.objectContaining({ reason: 'missing_fields' }))
    }
    const noDate: Record<string, string> = { id: '5', first_name: 'x' }
    noDate.hash = signTelegramWidget(noDate, TOKEN)
    expect(() => verifyTelegramWidget(noDate, TOKEN, { now })).toThrow(expect.objectContaining({ reason: 'missing_fields' }))
  })
})

describe('verifyTelegramWebApp', () => {
  it('accepts init data signed with the WebAppData-derived key; the user comes from the signed user JSON', () => {
    const fields = webAppData(user, TOKEN, nowS - 5)
    expect(verifyTelegramWebApp(fields, TOKEN, { now })).toMatchObject({ telegramUserId: '99', firstName: 'Ada', username: 'ada' })
  })

  it('refuses a forged hash, widget-scheme signatures, a swapped user and stale or future dates', () => {
    const fields = webAppData(user, TOKEN, nowS)
    expect(() => verifyTelegramWebApp({ ...fields, hash: 'b'.repeat(64) }, TOKEN, { now })).toThrow(expect.objectContaining({ reason: 'bad_hash' }))
    expect(() => verifyTelegramWebApp({ ...fields, user: JSON.stringify({ id: 1, first_name: 'Eve' }) }, TOKEN, { now })).toThrow(
      expect.objectContaining({ reason: 'bad_hash' }),
    )
    const { hash: _h, ...unsigned } = fields
    expect(() => verifyTelegramWebApp({ ...unsigned, hash: signTelegramWidget(unsigned, TOKEN) }, TOKEN, { now })).toThrow(
      expect.objectContaining({ reason: 'bad_hash' }),
    )
    expect(() => verifyTelegramWebApp(webAppData(user, TOKEN, nowS - 301), TOKEN, { now })).toThrow(expect.objectContaining({ reason: 'expired' }))
    expect(() => verifyTelegramWebApp(webAppData(user, TOKEN, nowS + 3600), TOKEN, { now })).toThrow(expect.objectContaining({ reason: 'future' }))
  })

  it('refuses data without user, or with a user that has no id', () => {
    const noUser: Record<string, string> = { auth_date: String(nowS), query_id: 'q' }
    noUser.hash = signTelegramWebApp(noUser, TOKEN)
    expect(() => verifyTelegramWebApp(noUser, TOKEN, { now })).toThrow(expect.objectContaining({ reason: 'missing_fields' }))
    const noId: Record<string, string> = { auth_date: String(nowS), user: JSON.stringify({ first_name: 'x' }) }
    noId.hash = signTelegramWebApp(noId, TOKEN)
    expect(() => verifyTelegramWebApp(noId, TOKEN, { now })).toThrow(expect.objectContaining({ reason: 'missing_fields' }))
    const badJson: Record<string, string> = { auth_date: String(nowS), user: '{' }
    badJson.hash = signTelegramWebApp(badJson, TOKEN)
    expect(() => verifyTelegramWebApp(badJson, TOKEN, { now })).toThrow(expect.objectContaining({ reason: 'missing_fields' }))
  })
})
