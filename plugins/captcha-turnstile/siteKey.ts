import { CaptchaError, captchaErrorCodes, captchaTexts } from '../../core/client/captcha.js'

/**
 * The Turnstile site key inside the app's captcha site key: the part after 't:' (parts may be separated
 * by commas or spaces, e.g. 't:0x4AAAA...'). Anything else is 'Unsupported captcha site key' (§5).
 */
export function turnstileSiteKey(siteKey: string | null | undefined): string {
  const part = (siteKey ?? '').split(/[,\s]+/).find((p) => p.startsWith('t:'))
  const key = part?.slice(2) ?? ''
  if (!key) throw new CaptchaError(captchaTexts.unsupportedSiteKey, captchaErrorCodes.unsupportedSiteKey)
  return key
}
