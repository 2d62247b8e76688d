// The visible frame pages' DOM helpers: the recovery page's and the export page's screens, and the recovery methods'
// halves (through the frame entry), drawn in the wallet frame's own page (its origin, its DOM). They look like the
// modal's screens: the classes are the frame's stylesheet's (frameStyles.ts, a file of this origin; the page's CSP
// allows no inline style).

type Attrs = Record<string, string>

/** An element of `doc` with its attributes and children. */
export function h<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, attrs: Attrs = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const el = doc.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v)
  el.append(...children)
  return el
}

/**
 * A new screen in the page: a main landmark with its level-one heading and the box its content goes in. Where the
 * host's screen around the frame shows the title ('Enter your password'), `hiddenTitle` names the page for screen
 * readers only.
 */
export function page(doc: Document, title: string, testId: string, hiddenTitle?: string) {
  const body = doc.body
  body.replaceChildren()
  const box = h(doc, 'main', { 'data-testid': testId, class: 'foyer-page' })
  if (title) box.append(h(doc, 'h1', { class: 'foyer-title', 'data-testid': 'foyer-recovery-title' }, title))
  else if (hiddenTitle) box.append(h(doc, 'h1', { class: 'foyer-visually-hidden' }, hiddenTitle))
  body.append(box)
  return box
}
/** A full-width button: primary (the accent) or secondary (outlined). */
export const button = (doc: Document, label: string, testId: string, primary = true) =>
  h(doc, 'button', { type: 'button', class: 'foyer-button', 'data-variant': primary ? 'primary' : 'secondary', 'data-testid': testId }, label)
/** The buttons at the foot of a screen. */
export const actions = (doc: Document, ...buttons: HTMLElement[]) => h(doc, 'div', { class: 'foyer-actions' }, ...buttons)
/** A paragraph in the modal's muted text. */
export const text = (doc: Document, content: string, attrs: Attrs = {}) => h(doc, 'p', { class: 'foyer-text', ...attrs }, content)
export const errorLine = (doc: Document, testId: string, id?: string) => h(doc, 'p', { class: 'foyer-error', role: 'alert', 'data-testid': testId, ...(id ? { id } : {}) })

/**
 * A small Copy button: writes `value` to the clipboard and says 'Copied' for two seconds (`announce` hears both
 * changes, for a status line); where the clipboard API is missing or refused, selects `field` and copies with execCommand.
 */
export function copyButton(doc: Document, testId: string, value: () => string, field: HTMLInputElement | HTMLTextAreaElement, announce?: (copied: boolean) => void) {
  const label = 'Copy'
  const copy = h(doc, 'button', { type: 'button', class: 'foyer-button', 'data-variant': 'small', 'data-testid': testId }, label)
  let timer: ReturnType<typeof setTimeout> | undefined
  const copied = () => {
    copy.textContent = 'Copied'
    copy.dataset.copied = 'true'
    announce?.(true)
    clearTimeout(timer)
    timer = setTimeout(() => {
      copy.textContent = label
      delete copy.dataset.copied
      announce?.(false)
    }, 2_000)
  }
  copy.onclick = () => {
    const fallback = () => {
      field.select()
      if (doc.execCommand('copy')) copied()
    }
    const clipboard = doc.defaultView?.navigator.clipboard
    if (!clipboard) return fallback()
    void clipboard.writeText(value()).then(copied, fallback)
  }
  return copy
}

