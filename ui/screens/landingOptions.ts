import type { LandingEntry } from '../../core/client/registry.js'

/** The landing screen's views (the spec's names). */
export type LandingView = 'default' | 'overflow' | 'web2-overflow' | 'web3-overflow'

/** One row of a landing list: a plugin's entry, or a button that opens another view. */
export type LandingRow =
  | { type: 'entry'; entry: LandingEntry; /** Show the input directly instead of a button. */ inline: boolean }
  | { type: 'view'; view: LandingView; /** i18n key. */ label: string }

/** Everything the landing screen shows, per view. */
export interface LandingModel {
  views: Record<LandingView, LandingRow[]>
  /** The entry rendered in the 'I have a passkey' slot (any plugin whose loginMethod is 'passkey'). */
  passkey: LandingEntry | null
}

/** Options shown at most on one list (the spec: 5, or 4 plus the overflow button). */
export const MAX_OPTIONS = 5

export interface LandingModelInput {
  entries: readonly LandingEntry[]
  /** Enabled methods in display order; null when the app config isn't known (then: every entry). */
  loginMethods: readonly string[] | null
  overflowMethods: readonly string[]
  /** `login({ loginMethods })` narrows the list for one call. */
  only?: readonly string[] | undefined
  layout: 'web2-first' | 'web3-first'
  /** No inline e-mail/SMS input on the landing list (appearance.hideDirectWeb2Inputs). */
  hideDirectInputs?: boolean
  isHidden?: (entry: LandingEntry) => boolean
}

const isWallet = (entry: LandingEntry) => entry.meta.group === 'wallet'
const entryRows = (entries: LandingEntry[]): LandingRow[] => entries.map((entry) => ({ type: 'entry', entry, inline: false }))

/** Splits a list into what is shown and what goes behind the overflow button. */
function limit<T>(list: T[], forced: boolean, cutTo = MAX_OPTIONS - 1): { shown: T[]; rest: T[] } {
  if (!forced && list.length <= MAX_OPTIONS) return { shown: list, rest: [] }
  return { shown: list.slice(0, cutTo), rest: list.slice(cutTo) }
}

/** Computes the landing lists from the registry's entries and the resolved config. Pure. */
export function landingModel(input: LandingModelInput): LandingModel {
  const byMethod = new Map(input.entries.map((entry) => [entry.loginMethod, entry]))
  const pick = (names: readonly string[]) =>
    names
      .filter((name) => !input.only || input.only.includes(name))
      .map((name) => byMethod.get(name))
      .filter((entry): entry is LandingEntry => !!entry && !input.isHidden?.(entry))

  const ordered = pick(input.loginMethods ?? input.entries.map((e) => e.loginMethod))
  const configuredOverflow = pick(input.overflowMethods).filter((e) => !ordered.includes(e))
  const passkey = [...ordered, ...configuredOverflow].find((e) => e.loginMethod === 'passkey') ?? null
  const primary = ordered.filter((e) => e !== passkey && !input.overflowMethods.includes(e.loginMethod))
  const extraOverflow = configuredOverflow.filter((e) => e !== passkey)
  const web2 = primary.filter((e) => !isWallet(e))
  const wallets = [...primary.filter(isWallet), ...extraOverflow.filter(isWallet)]
  const web2Overflow = extraOverflow.filter((e) => !isWallet(e))

  const views: LandingModel['views'] = { default: [], overflow: [], 'web2-overflow': [], 'web3-overflow': entryRows(wallets) }
  const more = (view: LandingView, label: string, rest: LandingEntry[]): LandingRow[] =>
    rest.length ? [{ type: 'view', view, label }] : []

  if (input.layout === 'web2-first') {
    const walletButton: LandingRow[] = wallets.length ? [{ type: 'view', view: 'web3-overflow', label: 'landing.continueWithWallet' }] : []
    // With the wallet button on the list, the web2 list is cut to 3 (plus overflow) above 4 entries.
    const { shown, rest } = walletButton.length
      ? limit(web2, web2.length > 4 || web2Overflow.length > 0, 3)
      : limit(web2, web2Overflow.length > 0)
    const overflow = [...rest, ...web2Overflow]
    views.default = [...entryRows(shown), ...walletButton, ...more('overflow', 'landing.moreOptions', overflow)]
    views.overflow = entryRows(overflow)
  } else {
    const web2Button: LandingRow[] =
      web2.length || web2Overflow.length ? [{ type: 'view', view: 'web2-overflow', label: 'landing.emailOrSocials' }] : []
    const { shown } = limit(wallets, wallets.length + web2Button.length > MAX_OPTIONS, MAX_OPTIONS - web2Button.length - 1)
    const hiddenWallets = wallets.length - shown.length
    views.default = [
      ...entryRows(shown),
      ...(hiddenWallets ? [{ type: 'view', view: 'web3-overflow', label: 'landing.otherWallets' } as const] : []),
      ...web2Button,
    ]
    const { shown: web2Shown, rest } = limit(web2, web2.length > 4 || web2Overflow.length > 0, 3)
    const overflow = [...rest, ...web2Overflow]
    views['web2-overflow'] = [...entryRows(web2Shown), ...more('overflow', 'landing.otherSocials', overflow)]
    views.overflow = entryRows(overflow)
  }

  // The first e-mail/SMS entry of a list shows its input directly (the spec's input ↔ button toggle).
  if (!input.hideDirectInputs) {
    for (const rows of Object.values(views)) {
      const first = rows.find((row) => row.type === 'entry' && !isWallet(row.entry))
      if (first?.type === 'entry' && (first.entry.meta.group === 'email' || first.entry.meta.group === 'sms')) first.inline = true
    }
  }
  return { views, passkey }
}
