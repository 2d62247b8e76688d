import type { TelegramAuthResult, TelegramPayload } from './schema.js'

/** Names of the Login Widget's return parameters (spec §2). */
const widgetFields = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'] as const

/** The Login Widget's return parameters in `url`, and the URL without them; null when none are there. */
export function readTelegramReturn(url: URL): { payload: TelegramPayload | null; cleaned: URL } | null {
  const params = url.searchParams
  if (!params.has('hash') || !(params.has('id') || params.has('auth_date'))) return null
  const fields: Record<string, string> = {}
  for (const key of widgetFields) {
    const value = params.get(key)
    if (value !== null) fields[key] = value
  }
  const cleaned = new URL(url.href)
  for (const key of widgetFields) cleaned.searchParams.delete(key)
  const complete = Boolean(fields.id && fields.hash && fields.auth_date)
  return { payload: complete ? { result: fields as unknown as TelegramAuthResult } : null, cleaned }
}

