import { isInvalidCaptcha, type CaptchaController } from './captcha.js'
import type { CallMiddleware } from './callMiddleware.js'

/**
 * The captcha as call middleware: a call whose definition names a captcha field (`captcha: 'token'`) gets a fresh
 * token there when the app has captcha on and the caller sent none; a single-use token turns the HTTP retry off
 * (the server records it before answering, so a resend would be refused). After the server refused a token, the
 * captcha starts over for the user's next attempt (spec §8); the call itself isn't resent. When another middleware
 * resends a call (an MFA step), the token this middleware put in was spent: the resend gets a fresh one.
 */
export function captchaMiddleware(captcha: CaptchaController): CallMiddleware {
  const filled = new WeakSet<object>()
  return {
    async onRequest(call) {
      const field = call.def.captcha
      if (!field || (call.body !== undefined && (typeof call.body !== 'object' || call.body === null))) return
      const fields = (call.body ?? {}) as Record<string, unknown>
      if (fields[field] != null && !filled.has(call)) return
      const token = await captcha.token()
      if (token === null) return
      call.body = { ...fields, [field]: token }
      call.retry = false
      filled.add(call)
    },
    onResponseError(_call, error) {
      if (isInvalidCaptcha(error)) captcha.reset()
    },
  }
}
