// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { email } from '../../plugins/email/index.js'
import { errorResponse, renderWithFoyer, type RenderWithFoyerOptions, type RouteHandler } from '../../test/kit/renderWithFoyer.js'
import { typeCode } from '../../test/kit/codeBoxes.js'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const INIT = '/api/v1/passwordless/init'
const AUTHENTICATE = '/api/v1/passwordless/authenticate'

/** What the user should see: a heading, texts on the screen, buttons, and buttons that must be absent. */
interface Expected {
  title: string
  texts?: string[]
  buttons?: string[]
}

interface Row extends Expected {
  name: string
  answer: () => Response
  appConfig?: RenderWithFoyerOptions['appConfig']
  /** The kernel retries this status (500/1500/4500 ms): run with fake timers. */
  retried?: boolean
}

/** Opens the modal on the landing screen with the e-mail plugin and the given routes. */
async function openLanding(routes: Record<string, RouteHandler>, appConfig?: RenderWithFoyerOptions['appConfig']) {
  const rendered = await renderWithFoyer(null, { plugins: [email()], routes, ...(appConfig ? { appConfig } : {}) })
  act(() => rendered.foyer.modal.open())
  const input = (await screen.findByLabelText('Email address')) as HTMLInputElement
  return { ...rendered, input }
}

async function submitEmail(input: HTMLInputElement) {
  fireEvent.change(input, { target: { value: 'ada@example.com' } })
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Submit' })))
}

/** Lets the kernel's retries (500 + 1500 + 4500 ms) run out under fake timers. */
async function runRetries() {
  for (let i = 0; i < 4; i++) await act(() => vi.advanceTimersByTimeAsync(5000))
}

async function expectScreen({ title, texts = [], buttons = [] }: Expected) {
  expect(await screen.findByRole('heading', { name: title })).toBeTruthy()
  for (const text of texts) expect(screen.getByText(text)).toBeTruthy()
  for (const button of buttons) expect(screen.getByRole('button', { name: button })).toBeTruthy()
}

const initRows: Row[] = [
  { name: 'disallowed_login_method', answer: () => errorResponse(403, 'disallowed_login_method', 'Login method not allowed'), title: 'Not allowed', buttons: ['Try another method'] },
  {
    name: 'allowlist_rejected',
    answer: () => errorResponse(403, 'allowlist_rejected', 'Not on the allowlist'),
    title: "You don't have access to this app",
    texts: ['Have you been invited?'],
    buttons: ['Try another account'],
  },
  {
    name: 'allowlist_rejected with configured texts',
    answer: () => errorResponse(403, 'allowlist_rejected', 'Not on the allowlist'),
    appConfig: { allowlist_config: { error_title: 'Invite only', error_detail: 'Ask the team for an invite.', cta_text: 'Request access', cta_link: 'https://example.com/invite' } },
    title: 'Invite only',
    texts: ['Ask the team for an invite.'],
    buttons: ['Request access'],
  },
  { name: 'invalid_captcha', answer: () => errorResponse(400, 'invalid_captcha', 'Invalid captcha'), title: 'Something went wrong', texts: ['Please try again.'] },
  {
    name: 'linked_to_another_user',
    answer: () => errorResponse(400, 'linked_to_another_user', 'Linked elsewhere'),
    title: 'Authentication failed',
    texts: ['This account has already been linked to another user.'],
  },
  {
    name: 'region_not_supported',
    answer: () => errorResponse(400, 'region_not_supported', 'Region blocked'),
    title: 'This region is not supported',
    texts: ['SMS authentication from this region is not available'],
  },
  {
    name: 'too_many_requests (429)',
    answer: () => errorResponse(429, 'too_many_requests', 'Too many requests'),
    title: 'Request failed',
    texts: ['Too many attempts.'],
    buttons: ['Try again later'],
  },
  { name: 'a 400 with a server message', answer: () => errorResponse(400, 'invalid_data', 'Email address is malformed'), title: 'Email address is malformed' },
  { name: 'a 422 with a server message', answer: () => errorResponse(422, 'invalid_data', 'Unprocessable address'), title: 'Unprocessable address' },
  { name: 'a 500', answer: () => errorResponse(500, 'internal_error', 'Boom'), retried: true, title: 'Something went wrong', texts: ['Try again later'] },
  { name: 'a 503', answer: () => errorResponse(503, 'unavailable', 'Down'), retried: true, title: 'Something went wrong', texts: ['Try again later'] },
  { name: 'user_does_not_exist', answer: () => errorResponse(404, 'user_does_not_exist', 'No such user'), title: 'Account not found' },
  {
    name: 'user_limit_reached',
    answer: () => errorResponse(403, 'user_limit_reached', 'User limit reached'),
    title: 'Unable to sign in',
    texts: ['This app has reached its user limit. Please try again later.'],
  },
]

describe('error screen by error code (§8), from sending an e-mail code', () => {
  it.each(initRows)('$name', async (row) => {
    if (row.retried) vi.useFakeTimers({ shouldAdvanceTime: true })
    const { input, requests } = await openLanding({ [INIT]: row.answer }, row.appConfig)
    await submitEmail(input)
    if (row.retried) await runRetries()
    await expectScreen(row)
    const inits = requests.filter((r) => r.path === INIT)
    expect(inits).toHaveLength(row.retried ? 4 : 1)
  })

  it('the configured allowlist link opens in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    try {
      const { input } = await openLanding(
        { [INIT]: () => errorResponse(403, 'allowlist_rejected') },
        { allowlist_config: { error_title: null, error_detail: null, cta_text: null, cta_link: 'https://example.com/invite' } },
      )
      await submitEmail(input)
      fireEvent.click(await screen.findByRole('button', { name: 'Try another account' }))
      expect(open).toHaveBeenCalledWith('https://example.com/invite', '_blank', 'noopener,noreferrer')
    } finally {
      open.mockRestore()
    }
  })
})


interface CodeRow {
  name: string
  answer: () => Response
  retried?: boolean
  /** An inline text on the code screen, or the failure screen left to. */
  inline?: string
  screen?: Expected
}

const codeRows: CodeRow[] = [
  { name: 'invalid_credentials', answer: () => errorResponse(401, 'invalid_credentials', 'Invalid code'), inline: 'Invalid or expired verification code' },
  {
    name: 'cannot_link_more_of_type',
    answer: () => errorResponse(400, 'cannot_link_more_of_type', 'Cannot link more e-mail addresses'),
    inline: 'Cannot link more e-mail addresses',
  },
  { name: 'user_limit_reached', answer: () => errorResponse(403, 'user_limit_reached', 'User limit reached'), screen: { title: 'Unable to sign in' } },
  { name: 'user_does_not_exist', answer: () => errorResponse(404, 'user_does_not_exist', 'No such user'), screen: { title: 'Account not found' } },
  {
    name: 'linked_to_another_user',
    answer: () => errorResponse(400, 'linked_to_another_user', 'Linked elsewhere'),
    screen: { title: 'Authentication failed', texts: ['This account has already been linked to another user.'] },
  },
  { name: 'an unknown 500', answer: () => errorResponse(500, 'internal_error', 'Boom'), retried: true, inline: 'Issue verifying code' },
]

describe('e-mail code errors (§8 "E-mail or SMS code")', () => {
  it.each(codeRows)('$name', async (row) => {
    if (row.retried) vi.useFakeTimers({ shouldAdvanceTime: true })
    const { input, foyer } = await openLanding({ [INIT]: () => ({ success: true }), [AUTHENTICATE]: row.answer })
    await submitEmail(input)
    await screen.findByRole('heading', { name: 'Enter confirmation code' })
    await act(async () => typeCode('123456'))
    if (row.retried) await runRetries()
    if (row.inline) {
      expect(await screen.findByText(row.inline)).toBeTruthy()
      expect(screen.getByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    }
    if (row.screen) {
      await expectScreen(row.screen)
      expect(screen.queryByRole('heading', { name: 'Enter confirmation code' })).toBeNull()
    }
    expect(foyer.$session.peek().status).toBe('unauthenticated')
  })
})
