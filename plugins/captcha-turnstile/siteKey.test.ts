import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { TurnstileAppConfigSchema } from './server/schema.js'
import { turnstileSiteKey } from './siteKey.js'

describe("the 't:' site key rule", () => {
  it('answers the part after "t:"', () => {
    expect(turnstileSiteKey('t:0x4AAAAAAAkey')).toBe('0x4AAAAAAAkey')
    expect(turnstileSiteKey('h:10000000-ffff,t:0x4AAAAAAAkey')).toBe('0x4AAAAAAAkey')
  })

  it.each([null, undefined, '', '0x4AAAAAAAkey', 'h:abc', 't:', 'xt:abc'])('refuses %j with "Unsupported captcha site key"', (key) => {
    expect(() => turnstileSiteKey(key)).toThrow('Unsupported captcha site key')
    try {
      turnstileSiteKey(key)
    } catch (error) {
      expect((error as { code: string }).code).toBe('UNSUPPORTED_CAPTCHA_SITE_KEY')
    }
  })

  it('the server section refuses a site key without the "t:" part at start', () => {
    const section = { site_key: 't:0x4AAAAAAAkey', secret_key: 's' }
    expect(v.safeParse(TurnstileAppConfigSchema, section).success).toBe(true)
    expect(v.safeParse(TurnstileAppConfigSchema, { ...section, site_key: '0x4AAAAAAAkey' }).success).toBe(false)
    expect(v.safeParse(TurnstileAppConfigSchema, { ...section, secret_key: '' }).success).toBe(false)
    expect(v.safeParse(TurnstileAppConfigSchema, { ...section, siteverify_url: 'not a url' }).success).toBe(false)
    expect(v.safeParse(TurnstileAppConfigSchema, { ...section, extra: 1 }).success).toBe(false)
  })
})
