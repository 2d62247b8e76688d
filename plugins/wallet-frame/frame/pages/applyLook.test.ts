// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { frameLookParams, setLookParams } from '../../channel/frameLook.js'
import { applyLook, lookFromUrl, parseColor, parseFontFamily, parseRadius } from './applyLook.js'

// What a browser's CSS.supports('color', …) says for the values below (happy-dom has no CSS parser to ask).
const supports = (_property: string, value: string) => !/^(?:notacolor|rgb\(1\)|bogus)$/i.test(value)

describe("the host's look in the frame page's URL: each value checked, never CSS text", () => {
  it('a colour must parse as a colour: hex, a colour function with plain arguments, a name', () => {
    for (const ok of ['#be123c', '#FFF', '#12345678', 'rgb(190, 18, 60)', 'rgba(0 0 0 / 50%)', 'hsl(210deg 40% 50%)', 'oklch(0.6 0.2 20)', 'rebeccapurple'])
      expect([ok, parseColor(ok, supports)]).toEqual([ok, ok])
    for (const bad of [
      'red; background: url(https://evil.example/x)',
      'var(--x)',
      'rgb(var(--x), 0, 0)',
      'url(https://evil.example/a.png)',
      '#12345',
      'red}body{display:none',
      'inherit',
      'currentColor',
      'expression(alert(1))',
      'notacolor',
      'rgb(1)',
      `#${'a'.repeat(80)}`,
      '',
    ])
      expect([bad, parseColor(bad, supports)]).toEqual([bad, null])
  })

  it('a radius is a small length; a font is a list of family names', () => {
    expect(['12px', '0', '0.75rem', '32px'].map(parseRadius)).toEqual(['12px', '0px', '0.75rem', '32px'])
    expect(['33px', '3rem', '12', 'calc(1px + 2px)', '12px;x', '-1px'].map(parseRadius)).toEqual([null, null, null, null, null, null])
    expect(parseFontFamily("system-ui, -apple-system, 'Segoe UI', Roboto, \"Helvetica Neue\", sans-serif")).toBe("system-ui, -apple-system, 'Segoe UI', Roboto, \"Helvetica Neue\", sans-serif")
    for (const bad of ['a; color: red', "'x'); b", 'Inter, url(x)', "'unclosed", 'a,,b', 'x{y}']) expect([bad, parseFontFamily(bad)]).toEqual([bad, null])
  })

  it('the host writes the look into the URL and the frame reads back only what passes; the rest keeps the defaults', () => {
    const url = new URL('https://wallet.example.com/apps/a/embedded-wallets/export')
    setLookParams(url, { theme: 'dark', accent: '#be123c', background: 'rgb(30, 31, 39)', radius: '12px', font: 'Inter, sans-serif' })
    expect(lookFromUrl(url.searchParams, supports)).toEqual({ theme: 'dark', accent: '#be123c', background: 'rgb(30, 31, 39)', radius: '12px', font: 'Inter, sans-serif' })
    url.searchParams.set(frameLookParams.accent, 'red;background:url(//evil)')
    url.searchParams.set(frameLookParams.theme, 'dark;x')
    url.searchParams.set(frameLookParams.font, 'a{}')
    expect(lookFromUrl(url.searchParams, supports)).toEqual({ theme: 'light', background: 'rgb(30, 31, 39)', radius: '12px' })
  })

  it('applies the look as the theme attribute and one custom property per token, removing what is absent', () => {
    applyLook(document, { theme: 'dark', accent: '#be123c', radius: '8px' })
    const root = document.documentElement
    expect(root.dataset.foyerTheme).toBe('dark')
    expect(root.style.getPropertyValue('--foyer-accent')).toBe('#be123c')
    expect(root.style.getPropertyValue('--foyer-radius-sm')).toBe('8px')
    applyLook(document, { theme: 'light' })
    expect(root.dataset.foyerTheme).toBe('light')
    expect(root.style.getPropertyValue('--foyer-accent')).toBe('')
  })
})
