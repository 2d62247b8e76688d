import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { TELEGRAM_MAX_AGE_SECONDS } from '../schema.js'

/** Why Telegram data was refused (stable, safe to send). */
export class TelegramDataError extends Error {
  override name = 'TelegramDataError'
  constructor(readonly reason: 'bad_hash' | 'expired' | 'future' | 'missing_fields') {
    super(`Telegram data refused: ${reason}`)
  }
}

/** The Telegram user a verified payload names. */
export interface TelegramIdentity {
  telegramUserId: string
  firstName: string | null
  lastName: string | null
  username: string | null
  photoUrl: string | null
  authDate: number
  hash: string
}

/** Sorted `key=value` lines of every field but hash (Telegram's data-check-string). */
export function dataCheckString(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'hash')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n')
}

const equalHex = (expected: Buffer, hex: string) => {
  const given = Buffer.from(hex, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

function checkDate(authDate: string | undefined, nowMs: number, toleranceSeconds: number): number {
  if (!authDate || !/^\d+$/.test(authDate)) throw new TelegramDataError('missing_fields')
  const date = Number(authDate)
  const now = Math.floor(nowMs / 1000)
  if (date > now + toleranceSeconds) throw new TelegramDataError('future')
  if (now - date > TELEGRAM_MAX_AGE_SECONDS) throw new TelegramDataError('expired')
  return date
}

const opt = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

/**
 * Login Widget data: hash = hex HMAC-SHA-256(key = SHA-256(bot_token), data-check-string), compared in
 * constant time; auth_date at most 5 minutes old and not in the future (beyond `toleranceSeconds` of skew).
 */
export function verifyTelegramWidget(
  fields: Record<string, string>,
  botToken: string,
  options: { now: number; toleranceSeconds?: number },
): TelegramIdentity {
  const { hash, id } = fields
  if (!hash || !id) throw new TelegramDataError('missing_fields')
  const secret = createHash('sha256').update(botToken).digest()
  const expected = createHmac('sha256', secret).update(dataCheckString(fields)).digest()
  // The signature is checked before anything else is trusted, including auth_date.
  if (!equalHex(expected, hash)) throw new TelegramDataError('bad_hash')
  const authDate = checkDate(fields.auth_date, options.now, options.toleranceSeconds ?? 30)
  return {
    telegramUserId: id,
    firstName: opt(fields.first_name),
    lastName: opt(fields.last_name),
    username: opt(fields.username),
    photoUrl: opt(fields.photo_url),
    authDate,
    hash,
  }
}

/**
 * Mini App init data: secret = HMAC-SHA-256(key "WebAppData", bot_token); hash = hex HMAC-SHA-256(secret,
 * data-check-string); same freshness rule. The user comes from the signed `user` JSON field.
 */
export function verifyTelegramWebApp(
  fields: Record<string, string>,
  botToken: string,
  options: { now: number; toleranceSeconds?: number },
): TelegramIdentity {
  const { hash } = fields
  if (!hash || !fields.user) throw new TelegramDataError('missing_fields')
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest()
  const expected = createHmac('sha256', secret).update(dataCheckString(fields)).digest()
  if (!equalHex(expected, hash)) throw new TelegramDataError('bad_hash')
  const authDate = checkDate(fields.auth_date, options.now, options.toleranceSeconds ?? 30)
  let user: Record<string, unknown>
  try {
    user = JSON.parse(fields.user) as Record<string, unknown>
  } catch {
    throw new TelegramDataError('missing_fields')
  }
  const id = user?.id
  if (!(typeof id === 'number' && Number.isSafeInteger(id) && id > 0) && !(typeof id === 'string' && /^\d+$/.test(id))) {
    throw new TelegramDataError('missing_fields')
  }
  return {
    telegramUserId: String(id),
    firstName: opt(user.first_name),
    lastName: opt(user.last_name),
    username: opt(user.username),
    photoUrl: opt(user.photo_url),
    authDate,
    hash,
  }
}
