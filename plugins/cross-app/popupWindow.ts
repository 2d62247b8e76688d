import { CROSS_APP_POPUP } from './schema.js'

/** Opens the provider's 400×680 popup (blank until its URL is known): call it in the click's task, before any await. */
export function openCrossAppPopup(win: Window = window): Window | null {
  const { width, height } = CROSS_APP_POPUP
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2))
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2))
  return win.open('about:blank', `foyer-cross-app-${Date.now()}`, `width=${width},height=${height},left=${left},top=${top},menubar=no,toolbar=no,location=yes,status=no`)
}
