import { createHash, createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { dataCheckString } from '../../plugins/telegram/server/verifyTelegram.js'

/** A Telegram user the stand-in signs in. */
export interface TelegramTestUser {
  id: number
  first_name: string
  last_name?: string
  username?: string
  photo_url?: string
}

/** Signs Login Widget fields as Telegram does: hex HMAC-SHA-256 keyed by SHA-256(bot token). */
export function signTelegramWidget(fields: Record<string, string>, botToken: string): string {
  const secret = createHash('sha256').update(botToken).digest()
  return createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex')
}

/** Signs Mini App init data as Telegram does: key HMAC-SHA-256("WebAppData", bot token). */
export function signTelegramWebApp(fields: Record<string, string>, botToken: string): string {
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest()
  return createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex')
}

/** The widget's return parameters for `user`, signed with `botToken` at `authDate` (epoch seconds). */
export function widgetResult(user: TelegramTestUser, botToken: string, authDate = Math.floor(Date.now() / 1000)): Record<string, string> {
  const fields: Record<string, string> = { id: String(user.id), first_name: user.first_name, auth_date: String(authDate) }
  if (user.last_name) fields.last_name = user.last_name
  if (user.username) fields.username = user.username
  if (user.photo_url) fields.photo_url = user.photo_url
  return { ...fields, hash: signTelegramWidget(fields, botToken) }
}

/** Mini App init data fields for `user`, signed with `botToken`. */
export function webAppData(user: TelegramTestUser, botToken: string, authDate = Math.floor(Date.now() / 1000)): Record<string, string> {
  const fields: Record<string, string> = {
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify({ id: user.id, first_name: user.first_name, last_name: user.last_name ?? '', username: user.username ?? '', language_code: 'en' }),
    auth_date: String(authDate),
  }
  return { ...fields, hash: signTelegramWebApp(fields, botToken) }
}

/** The stand-in: a widget script (redirect mode) plus an auth endpoint that returns signed parameters. */
export interface TelegramStandin {
  /** Use as the app's `telegram.widget_script_url`. */
  widgetUrl: string
  botToken: string
  botName: string
  user: TelegramTestUser
  close(): Promise<void>
}

/**
 * Starts the stand-in. Its widget script renders a 'Log in with Telegram' button where the script tag
 * is (the real widget renders an iframe there); clicking it goes to the stand-in's auth page, which, like
 * oauth.telegram.org after the user confirms, sends the browser to `data-auth-url` with signed parameters.
 */
export async function startTelegramStandin(options: { botToken?: string; botName?: string; user?: TelegramTestUser } = {}): Promise<TelegramStandin> {
  const botToken = options.botToken ?? '7000000001:AAFoyerTestTokenForTheStandinOnly_x'
  const botName = options.botName ?? 'foyer_test_bot'
  const user = options.user ?? { id: 424242, first_name: 'Tele', last_name: 'Gram', username: 'telegram_tester', photo_url: 'https://t.me/i/userpic/320/tester.jpg' }
  let origin = ''
  const script = () => `(function () {
  var me = document.currentScript;
  var data = me.dataset;
  var button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Log in with Telegram';
  button.setAttribute('data-testid', 'telegram-widget-button');
  button.onclick = function () {
    var url = ${JSON.stringify(origin)} + '/auth?bot=' + encodeURIComponent(data.telegramLogin || '') + '&return_to=' + encodeURIComponent(data.authUrl || location.href);
    window.top.location.href = url;
  };
  me.parentNode.insertBefore(button, me.nextSibling);
  window.Telegram = window.Telegram || {};
})();`
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin)
    if (url.pathname === '/js/telegram-widget.js') {
      res.writeHead(200, { 'content-type': 'application/javascript', 'access-control-allow-origin': '*' })
      res.end(script())
      return
    }
    if (url.pathname === '/auth') {
      const returnTo = url.searchParams.get('return_to')
      if (url.searchParams.get('bot') !== botName || !returnTo) {
        res.writeHead(400).end('unknown bot')
        return
      }
      const target = new URL(returnTo)
      for (const [k, v] of Object.entries(widgetResult(user, botToken))) target.searchParams.set(k, v)
      res.writeHead(302, { location: target.href }).end()
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return {
    widgetUrl: `${origin}/js/telegram-widget.js?22`,
    botToken,
    botName,
    user,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
