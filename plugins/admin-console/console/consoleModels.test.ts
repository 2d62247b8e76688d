import { describe, expect, it } from 'vitest'
import type { AdminSession, AdminStatsDay } from '../adminApi.js'
import { accountLabel } from './accountLabel.js'
import { AdminApiError } from './adminFetch.js'
import { stateOfSession } from './adminSessionState.js'
import { secretOfAnswer } from './AppSecretsPanel.js'
import { linesOf, parseEntryJson, toggleInList, withField } from './entryDraft.js'
import { errorMessage } from './errorMessage.js'
import { listOf } from './listOf.js'
import { methodSeries, percent } from './statsSeries.js'
import { parseRoute, routeHref } from './useRoute.js'

const session = (over: Partial<AdminSession>): AdminSession => ({
  operator: { user_id: 'u', email: 'o@example.com', role: 'owner', created_at: 0 },
  verified: false,
  verified_until: null,
  has_totp: false,
  ...over,
})

describe('the console gate', () => {
  it('asks for TOTP enrolment first, then the verification, then opens the console', () => {
    expect(stateOfSession(session({})).kind).toBe('enrol')
    expect(stateOfSession(session({ has_totp: true })).kind).toBe('verify')
    expect(stateOfSession(session({ has_totp: true, verified: true, verified_until: 1 })).kind).toBe('ready')
  })
})

describe('routes', () => {
  it('parses every page from the hash and writes it back', () => {
    for (const route of [
      { page: 'overview' },
      { page: 'apps' },
      { page: 'app', appId: 'app/with slash' },
      { page: 'users' },
      { page: 'user', appId: 'a1', userId: 'did:foyer:x' },
      { page: 'operators' },
    ] as const) {
      expect(parseRoute(routeHref(route))).toEqual(route)
    }
    expect(parseRoute('')).toEqual({ page: 'overview' })
    expect(parseRoute('#/nowhere')).toEqual({ page: 'overview' })
    expect(parseRoute('#/users/only-app')).toEqual({ page: 'users' })
  })
})

describe('the overview series', () => {
  const days: AdminStatsDay[] = [
    { date: '2026-11-01', signups: { email: 2 }, logins: { email: 1, passkey: 4 }, wallets_created: 1, active_users: 3 },
    { date: '2026-11-02', signups: { wallet: 5, email: 1 }, logins: {}, wallets_created: 0, active_users: 1 },
  ]
  it('stacks every method on every day (0 when absent), most used method first, with totals', () => {
    const signups = methodSeries(days, 'signups')
    expect(signups.methods).toEqual(['wallet', 'email'])
    expect(signups.rows).toEqual([
      { date: '2026-11-01', wallet: 0, email: 2 },
      { date: '2026-11-02', wallet: 5, email: 1 },
    ])
    expect(methodSeries(days, 'logins').totals).toEqual({ email: 1, passkey: 4 })
    expect(methodSeries([], 'logins')).toEqual({ rows: [], methods: [], totals: {} })
  })
  it('writes shares as whole percentages, and a dash of nothing', () => {
    expect(percent(1, 3)).toBe('33%')
    expect(percent(0, 0)).toBe('—')
  })
})

describe('the app entry draft', () => {
  it('sets and removes fields, toggles list items, reads lines, and keeps what it does not know (secret placeholders)', () => {
    const entry = { id: 'a', oauth: { google: { client_secret: { $secret: 'set' } } }, mfa_methods: ['totp'] }
    expect(withField(entry, 'max_users', 10)).toMatchObject({ max_users: 10, oauth: entry.oauth })
    expect(withField({ ...entry, max_users: 3 }, 'max_users', undefined)).not.toHaveProperty('max_users')
    expect(toggleInList(entry, 'mfa_methods', 'sms', true).mfa_methods).toEqual(['totp', 'sms'])
    expect(toggleInList(entry, 'mfa_methods', 'totp', false).mfa_methods).toEqual([])
    expect(linesOf(' https://a.example \n\n https://b.example\n')).toEqual(['https://a.example', 'https://b.example'])
    expect(parseEntryJson(JSON.stringify(entry))).toEqual({ entry })
    expect(parseEntryJson('[1]')).toEqual({ error: 'The entry must be a JSON object.' })
    expect(parseEntryJson('{')).toMatchObject({ error: expect.stringMatching(/^Not valid JSON/) })
  })
})

describe('answers', () => {
  it('reads lists bare or under data, the new secret of a create, and a linked account in a few words', () => {
    expect(listOf([1])).toEqual([1])
    expect(listOf({ enabled: true, data: [2] })).toEqual([2])
    expect(listOf({ enabled: false })).toEqual([])
    expect(secretOfAnswer({ id: 's', secret: 'foyer_sk_x' })).toBe('foyer_sk_x')
    expect(secretOfAnswer({ id: 's', app_secret: 'foyer_sk_y' })).toBe('foyer_sk_y')
    expect(secretOfAnswer({ id: 's' })).toBeNull()
    expect(accountLabel({ type: 'wallet', address: '0xabc' })).toBe('wallet: 0xabc')
    expect(accountLabel({ type: 'farcaster', fid: 3 })).toBe('farcaster: 3')
    expect(accountLabel({ type: 'guest' })).toBe('guest')
  })
  it("shows the server's message, and says what to do about a stale save", () => {
    expect(errorMessage(new AdminApiError(400, 'invalid_app_config', 'allowed_origins[0]: Invalid URL'))).toBe('allowed_origins[0]: Invalid URL')
    expect(errorMessage(new AdminApiError(409, 'app_changed', 'stale'))).toBe('Someone else saved this app; reload it to see their changes, then edit again.')
  })
})
