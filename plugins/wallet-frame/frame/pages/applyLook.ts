import { frameLookParams, type FrameLook } from '../../channel/frameLook.js'

// The host's look, read from the frame page's URL. Whoever embeds the page writes that URL, so every value is checked
// to be what it claims — a colour that parses as a colour, a length, a list of font names — and set as one custom
// property through the CSSOM (never as style text); a value that fails is dropped and the stylesheet's default stays.

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
// A colour function with plain arguments: numbers, units, %, commas, slashes, `none` — no nested function (var(), url()).
const COLOR_FUNCTION = /^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\([\w\s.,%/+-]*\)$/i
const NAMED = /^[a-z]{3,24}$/i
const CSS_WIDE = new Set(['inherit', 'initial', 'unset', 'revert', 'currentcolor'])

/** Whether the browser takes `value` for `property` (CSS.supports; absent outside a browser: the patterns decide). */
export type Supports = (property: string, value: string) => boolean
const browserSupports: Supports = (property, value) => (typeof CSS !== 'undefined' && typeof CSS.supports === 'function' ? CSS.supports(property, value) : true)

/** `value` if it is a CSS colour (hex, a colour function with plain arguments, a colour name), else null. */
export function parseColor(value: string, supports: Supports = browserSupports): string | null {
  const s = value.trim()
  if (s.length > 64) return null
  if (!HEX.test(s) && !COLOR_FUNCTION.test(s) && !(NAMED.test(s) && !CSS_WIDE.has(s.toLowerCase()))) return null
  return supports('color', s) ? s : null
}

/** `value` if it is a radius from 0 to 32 px (px, or rem / em up to 2), else null. */
export function parseRadius(value: string): string | null {
  const match = /^(\d{1,2}(?:\.\d{1,3})?)(px|rem|em)?$/.exec(value.trim())
  if (!match) return null
  const n = Number(match[1])
  const unit = match[2] ?? (n === 0 ? 'px' : null)
  if (!unit) return null
  return (unit === 'px' ? n <= 32 : n <= 2) ? `${match[1]}${unit}` : null
}

// A family name: quoted (letters, digits, spaces, - and _), or unquoted identifiers (-apple-system, Segoe UI).
const FAMILY = /^(?:"[\w -]{1,48}"|'[\w -]{1,48}'|-?[a-z_][\w-]*(?: [a-z_][\w-]*)*)$/i

/** `value` if it is a comma-separated list of font family names (at most 12, 240 characters), else null. */
export function parseFontFamily(value: string): string | null {
  const s = value.trim()
  if (!s || s.length > 240) return null
  const families = s.split(',').map((f) => f.trim())
  if (families.length > 12 || !families.every((f) => FAMILY.test(f))) return null
  return families.join(', ')
}

/** The look the URL's parameters carry, each value checked; what fails is left out (light, the defaults). */
export function lookFromUrl(search: URLSearchParams, supports: Supports = browserSupports): FrameLook {
  const get = (key: keyof FrameLook) => search.get(frameLookParams[key]) ?? ''
  const look: FrameLook = { theme: get('theme') === 'dark' ? 'dark' : 'light' }
  const accent = parseColor(get('accent'), supports)
  const background = parseColor(get('background'), supports)
  const radius = parseRadius(get('radius'))
  const font = parseFontFamily(get('font'))
  if (accent) look.accent = accent
  if (background) look.background = background
  if (radius) look.radius = radius
  if (font) look.font = font
  return look
}

/** Sets `look` on the page's root: the theme as an attribute, each token as one custom property. */
export function applyLook(doc: Document, look: FrameLook): void {
  const root = doc.documentElement
  root.dataset.foyerTheme = look.theme
  const set = (name: string, value: string | undefined) => (value ? root.style.setProperty(name, value) : root.style.removeProperty(name))
  set('--foyer-accent', look.accent)
  set('--foyer-background', look.background)
  set('--foyer-radius-sm', look.radius)
  set('--foyer-font', look.font)
}
