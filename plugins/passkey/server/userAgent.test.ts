import { describe, expect, it } from 'vitest'
import { authenticatorName } from './authenticatorNames.js'
import { parseUserAgent } from './userAgent.js'

describe('parseUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36', 'Chrome', 'Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', 'Edge', 'Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari', 'macOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari', 'iOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1', 'Chrome', 'iOS'],
    ['Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0', 'Firefox', 'Android'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36', 'Samsung Internet', 'Android'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome', 'ChromeOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0', 'Opera', 'Windows'],
  ])('%s', (ua, browser, os) => {
    expect(parseUserAgent(ua)).toEqual({ browser, os })
  })

  it('answers nulls for a missing or unknown agent', () => {
    expect(parseUserAgent(undefined)).toEqual({ browser: null, os: null })
    expect(parseUserAgent('curl/8.5.0')).toEqual({ browser: null, os: null })
  })
})

describe('authenticatorName', () => {
  it('names a known AAGUID, in any case', () => {
    expect(authenticatorName('FBFC3007-154E-4ECC-8C0B-6E020557D7BD')).toBe('iCloud Keychain')
  })
  it('is null for the zero AAGUID, an unknown one or none', () => {
    expect(authenticatorName('00000000-0000-0000-0000-000000000000')).toBeNull()
    expect(authenticatorName('01020304-0506-0708-0102-030405060708')).toBeNull()
    expect(authenticatorName(null)).toBeNull()
  })
  it('takes extra names from the server options first', () => {
    expect(authenticatorName('01020304-0506-0708-0102-030405060708', { '01020304-0506-0708-0102-030405060708': 'Test key' })).toBe('Test key')
  })
})
