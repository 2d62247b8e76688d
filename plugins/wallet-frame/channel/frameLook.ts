// The modal's look as the wallet frame's visible pages take it (both halves import this). The host reads its modal's
// tokens and puts them in the frame's URL; the frame checks each value (frame/pages/applyLook.ts) before it sets any.

/** The look of the modal around a frame page: its theme and the tokens a host may change. */
export interface FrameLook {
  theme: 'light' | 'dark'
  /** `--foyer-accent`: a CSS colour. */
  accent?: string
  /** `--foyer-background`: a CSS colour. */
  background?: string
  /** `--foyer-radius-sm` (the radius of the modal's buttons and inputs): a length. */
  radius?: string
  /** `--foyer-font`: a font-family list. */
  font?: string
}

/** The URL parameters that carry the look (our prefix: they are ours, not the spec's). */
export const frameLookParams = {
  theme: 'foyer_theme',
  accent: 'foyer_accent',
  background: 'foyer_background',
  radius: 'foyer_radius',
  font: 'foyer_font',
} as const satisfies Record<keyof FrameLook, string>

/**
 * The look of the modal that holds `el` (inside `.foyer-root`): its theme and the tokens' computed values, so a host's
 * own overrides of `--foyer-*` reach the frame too. Values stay as the browser gives them; the frame validates them.
 */
export function modalLook(el: Element): FrameLook {
  const style = el.ownerDocument.defaultView!.getComputedStyle(el)
  const token = (name: string) => style.getPropertyValue(name).trim() || undefined
  const theme = el.closest<HTMLElement>('[data-foyer-theme]')?.dataset.foyerTheme === 'dark' ? 'dark' : 'light'
  const look: FrameLook = { theme }
  const accent = token('--foyer-accent')
  const background = token('--foyer-background')
  const radius = token('--foyer-radius-sm')
  const font = token('--foyer-font')
  if (accent) look.accent = accent
  if (background) look.background = background
  if (radius) look.radius = radius
  if (font) look.font = font
  return look
}

/** Adds `look` to a frame page's URL. */
export function setLookParams(url: URL, look: FrameLook): void {
  for (const key of Object.keys(frameLookParams) as (keyof FrameLook)[]) {
    const value = look[key]
    if (value) url.searchParams.set(frameLookParams[key], value)
  }
}
