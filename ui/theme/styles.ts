/**
 * The modal's stylesheet. Shipped as a string and injected by the modal so hosts need no CSS loader;
 * everything is scoped under `.foyer-root` and themed through `--foyer-*` variables.
 *
 * One scale for every screen (the finish users know from Privy and RainbowKit): rows and inputs are
 * `--foyer-row-height` tall with a `--foyer-icon-size` icon slot, text is 18 / 15 / 14 / 13 px, spacing
 * steps are 4 / 8 / 12 / 20 px, and every focusable thing shows the same accent ring. Error lines and
 * spinners get their space up front, so nothing appearing or disappearing moves the dialog.
 */
export const styles = `
.foyer-root {
  --foyer-accent: #5a61f0; /* white on it: 4.8:1 (AA for body text) */
  --foyer-accent-foreground: #ffffff;
  --foyer-background: #ffffff;
  --foyer-foreground: #1a1b25;
  --foyer-muted: #6b6c7e;
  --foyer-surface: #f1f2f9;
  --foyer-border: #e2e3f0;
  --foyer-border-strong: #cbcde0;
  --foyer-error: #d92d20;
  --foyer-success: #12a150;
  --foyer-overlay: rgba(10, 10, 20, 0.45);
  --foyer-shadow: 0 16px 56px rgba(10, 10, 30, 0.18), 0 2px 8px rgba(10, 10, 30, 0.06);
  --foyer-radius: 20px;
  --foyer-radius-sm: 12px;
  --foyer-row-height: 52px;
  --foyer-icon-size: 24px;
  --foyer-font: system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif;
  --foyer-z-index: 999999;
  --foyer-ring: color-mix(in srgb, var(--foyer-accent) 28%, transparent);
  /* Accent-coloured text (links): the accent shifted toward the foreground so small text stays readable (AA). */
  --foyer-accent-text: color-mix(in srgb, var(--foyer-accent) 85%, #000000);
  font-family: var(--foyer-font);
  font-size: 15px;
  line-height: 1.4;
  color: var(--foyer-foreground);
  -webkit-font-smoothing: antialiased;
  position: fixed; inset: 0; z-index: var(--foyer-z-index);
  display: flex; align-items: center; justify-content: center;
}
.foyer-root[data-foyer-theme='dark'] {
  --foyer-background: #1e1f27;
  --foyer-foreground: #f4f4f7;
  --foyer-muted: #a1a2b3;
  --foyer-surface: #2a2b36;
  --foyer-border: #353644;
  --foyer-border-strong: #4a4b5c;
  --foyer-error: #f97066;
  --foyer-success: #32d583;
  --foyer-overlay: rgba(0, 0, 0, 0.6);
  --foyer-shadow: 0 16px 56px rgba(0, 0, 0, 0.5);
  --foyer-accent-text: color-mix(in srgb, var(--foyer-accent) 62%, #ffffff);
  color-scheme: dark;
}
.foyer-root *, .foyer-root *::before, .foyer-root *::after { box-sizing: border-box; }
.foyer-backdrop { position: absolute; inset: 0; background: var(--foyer-overlay); animation: foyer-fade-in 0.15s ease-out; }

/* The dialog: a centred card, a bottom drawer with a handle on phones. */
.foyer-dialog {
  position: relative; width: 360px; max-width: calc(100% - 32px); max-height: calc(100vh - 32px); overflow-y: auto;
  overscroll-behavior: contain;
  background: var(--foyer-background); border-radius: var(--foyer-radius);
  box-shadow: var(--foyer-shadow); padding: 12px 20px 20px; outline: none;
  animation: foyer-pop-in 0.18s cubic-bezier(0.2, 0.8, 0.2, 1);
}
.foyer-drawer-handle { display: none; }
@media (max-width: 440px) {
  .foyer-root { align-items: flex-end; }
  .foyer-dialog {
    width: 100%; max-width: 100%; max-height: 90vh; max-height: 90dvh;
    border-radius: var(--foyer-radius) var(--foyer-radius) 0 0;
    padding: 20px 16px calc(20px + env(safe-area-inset-bottom, 0px));
    animation: foyer-slide-up 0.24s cubic-bezier(0.2, 0.8, 0.2, 1);
  }
  .foyer-drawer-handle {
    display: block; position: absolute; top: 8px; left: 50%; width: 36px; height: 4px; margin-left: -18px;
    border-radius: 999px; background: var(--foyer-border-strong);
  }
  /* 16 px keeps iOS from zooming into a focused field. */
  .foyer-input { font-size: 16px; }
}

/* Header: back on the left, close on the right, both 32 px round buttons. */
.foyer-header { display: flex; justify-content: space-between; align-items: center; min-height: 32px; margin: 0 -8px 4px; }
.foyer-icon-button {
  display: inline-flex; align-items: center; justify-content: center; width: 32px; height: 32px; padding: 0;
  border: 0; border-radius: 50%; background: transparent; color: var(--foyer-muted); cursor: pointer;
  transition: background-color 0.12s, color 0.12s;
}
.foyer-icon-button:hover { background: var(--foyer-surface); color: var(--foyer-foreground); }
.foyer-icon-button svg { width: 20px; height: 20px; }

/* A screen: icon, title block, body, footer. */
.foyer-screen-host { animation: foyer-settle-in 0.12s ease-out; }
.foyer-screen { display: flex; flex-direction: column; align-items: stretch; gap: 20px; text-align: center; }
.foyer-screen-icon { display: flex; justify-content: center; align-items: center; min-height: 56px; color: var(--foyer-accent); }
.foyer-screen-icon img { max-height: 56px; max-width: 180px; }
.foyer-screen-icon .foyer-button-icon { width: 56px; height: 56px; border-radius: 14px; font-size: 24px; }
.foyer-screen-icon .foyer-spinner { width: 40px; height: 40px; border-width: 4px; }
.foyer-title { margin: 0; font-size: 18px; font-weight: 600; line-height: 24px; letter-spacing: -0.01em; }
.foyer-subtitle { margin: 6px 0 0; font-size: 14px; font-weight: 400; color: var(--foyer-muted); line-height: 20px; overflow-wrap: anywhere; }
.foyer-body { position: relative; display: flex; flex-direction: column; gap: 12px; text-align: left; }
.foyer-body > .foyer-subtitle, .foyer-body > .foyer-error { margin: 0; text-align: center; }
.foyer-body > .foyer-spinner { align-self: center; }
/* A body holding nothing but an empty error line takes no room (no double gap above the footer). */
.foyer-body:not(:has(> :not(.foyer-error:empty))) { display: none; }
.foyer-body code {
  display: block; padding: 10px 12px; border-radius: var(--foyer-radius-sm); background: var(--foyer-surface);
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; line-height: 18px; text-align: center;
  overflow-wrap: anywhere;
}
.foyer-body > .foyer-field:has(> code) { text-align: center; }
.foyer-footer {
  display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: 8px 4px;
  font-size: 14px; line-height: 20px; color: var(--foyer-muted); text-align: center;
}
.foyer-footer > .foyer-button:not([data-variant='link']) { flex: 1 0 100%; }

/* Buttons and rows. Every row has the same height and an icon slot, so labels line up. */
.foyer-button {
  position: relative; display: inline-flex; align-items: center; justify-content: center; gap: 12px;
  width: 100%; min-height: var(--foyer-row-height); padding: 0 16px; margin: 0;
  border-radius: var(--foyer-radius-sm); border: 1px solid var(--foyer-border);
  background: var(--foyer-background); color: var(--foyer-foreground);
  font: inherit; font-size: 15px; font-weight: 500; line-height: 20px; text-align: center; text-decoration: none;
  cursor: pointer; -webkit-tap-highlight-color: transparent;
  transition: background-color 0.12s, border-color 0.12s, filter 0.12s, opacity 0.12s;
}
.foyer-button:hover:not(:disabled) { background: var(--foyer-surface); border-color: var(--foyer-border-strong); }
.foyer-button[data-variant='primary'] { background: var(--foyer-accent); color: var(--foyer-accent-foreground); border-color: transparent; }
.foyer-button[data-variant='primary']:hover:not(:disabled) { background: var(--foyer-accent); border-color: transparent; filter: brightness(1.08); }
.foyer-button[data-variant='link'] {
  display: inline; width: auto; min-height: 0; padding: 0 2px; border: 0; border-radius: 4px; background: transparent;
  color: var(--foyer-accent-text); font-size: inherit; line-height: inherit; vertical-align: baseline;
}
.foyer-button[data-variant='link']:hover:not(:disabled) { background: transparent; text-decoration: underline; text-underline-offset: 2px; }
.foyer-button[data-variant='option'] { justify-content: flex-start; text-align: left; }
.foyer-button:disabled { opacity: 0.5; cursor: not-allowed; }
.foyer-button[aria-busy='true'] { opacity: 1; cursor: progress; }
.foyer-button-label { min-width: 0; }
.foyer-button[data-variant='option'] > .foyer-button-label { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
/* A busy button keeps its size: the label stays (invisible) and the spinner sits on top of it. */
.foyer-button[aria-busy='true'] > :not(.foyer-button-busy) { visibility: hidden; }
.foyer-button-busy { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; }
.foyer-button-busy .foyer-spinner {
  width: 18px; height: 18px; border-width: 2px;
  border-color: color-mix(in srgb, currentColor 25%, transparent); border-top-color: currentColor;
}

/* The icon slot: plugin SVG or image, or a neutral initial when there is none. */
.foyer-button-icon {
  flex: none; display: inline-flex; align-items: center; justify-content: center;
  width: var(--foyer-icon-size); height: var(--foyer-icon-size); border-radius: 6px; overflow: hidden;
}
.foyer-button-icon svg, .foyer-button-icon img { display: block; width: 100%; height: 100%; object-fit: contain; }
.foyer-icon-placeholder { background: var(--foyer-surface); color: var(--foyer-muted); font-size: 13px; font-weight: 600; line-height: 1; text-transform: uppercase; }
.foyer-button:hover:not(:disabled) .foyer-icon-placeholder { background: var(--foyer-background); }
.foyer-plugin-icon { display: inline-flex; width: 48px; height: 48px; color: var(--foyer-accent); }
.foyer-plugin-icon svg { width: 100%; height: 100%; }

/* One focus ring everywhere. */
.foyer-button:focus-visible, .foyer-icon-button:focus-visible, .foyer-root a:focus-visible, .foyer-root select:focus-visible {
  outline: 2px solid var(--foyer-accent); outline-offset: 2px;
}
.foyer-root a:not(.foyer-button) { color: var(--foyer-accent-text); text-underline-offset: 2px; border-radius: 2px; }

/* Text fields: a row as tall as the option rows, with the action inside. */
.foyer-field { display: flex; flex-direction: column; gap: 6px; }
.foyer-input-row {
  display: flex; gap: 8px; align-items: center; min-height: var(--foyer-row-height); padding: 4px 4px 4px 16px;
  border: 1px solid var(--foyer-border); border-radius: var(--foyer-radius-sm); background: var(--foyer-background);
  transition: border-color 0.12s, box-shadow 0.12s;
}
.foyer-input-row:hover { border-color: var(--foyer-border-strong); }
.foyer-input-row:focus-within { border-color: var(--foyer-accent); box-shadow: 0 0 0 3px var(--foyer-ring); }
.foyer-input-row:has([aria-invalid='true']) { border-color: var(--foyer-error); }
.foyer-input-row .foyer-button { width: auto; min-height: 42px; padding: 0 14px; border-radius: 9px; flex: none; }
.foyer-input-row select:focus-visible { outline: none; }
.foyer-input-row span:has(> select:focus-visible) { outline: 2px solid var(--foyer-accent); outline-offset: 2px; border-radius: 4px; }
.foyer-input {
  flex: 1; min-width: 0; height: 42px; padding: 0; border: 0; background: transparent; color: inherit; font: inherit; font-size: 15px;
}
.foyer-input::placeholder { color: var(--foyer-muted); opacity: 1; }
.foyer-input:focus { outline: none; }
.foyer-input:disabled { opacity: 0.6; }

/* Error lines. Inside a field the line is always there (empty until needed), so an error never pushes the layout. */
.foyer-error { margin: 0; color: var(--foyer-error); font-size: 13px; line-height: 18px; text-align: center; overflow-wrap: anywhere; }
.foyer-error:empty { display: none; }
.foyer-field > .foyer-error, .foyer-field > .foyer-error:empty { display: block; min-height: 18px; }
.foyer-input-row + .foyer-error { text-align: left; padding: 0 4px; }
/* On the landing list the inline field's error line sits in the gap below it. */
.foyer-list .foyer-field { gap: 4px; }
.foyer-list .foyer-field > .foyer-error { margin-bottom: -4px; }

/* Code boxes. */
.foyer-code { display: flex; gap: 8px; justify-content: center; }
.foyer-code-box {
  width: 44px; height: var(--foyer-row-height); padding: 0; text-align: center; font: inherit; font-size: 22px; font-weight: 500;
  border-radius: var(--foyer-radius-sm); border: 1px solid var(--foyer-border); background: var(--foyer-background); color: var(--foyer-foreground);
  caret-color: var(--foyer-accent); transition: border-color 0.12s, box-shadow 0.12s, opacity 0.12s;
}
.foyer-code-box:hover:not(:disabled) { border-color: var(--foyer-border-strong); }
.foyer-code-box:focus { outline: none; border-color: var(--foyer-accent); box-shadow: 0 0 0 3px var(--foyer-ring); }
.foyer-code-box:disabled { opacity: 0.5; }
.foyer-code[data-invalid='true'] .foyer-code-box { border-color: var(--foyer-error); }
/* The code screen's 'verifying' spinner sits below the boxes, on the field's error line (always there, empty while a
   code is checked), so it neither covers the digits nor moves the layout. */
.foyer-otp-status:empty { display: none; }
.foyer-otp-status {
  display: flex; align-items: center; justify-content: center;
  position: absolute; top: calc(var(--foyer-row-height) + 6px); left: 0; right: 0; height: 18px;
}
.foyer-otp-status .foyer-spinner { width: 18px; height: 18px; border-width: 2px; }

/* Lists of rows (landing options, wallets, passkeys). The padding keeps focus rings inside the scroll box. */
.foyer-list {
  display: flex; flex-direction: column; gap: 8px; max-height: 400px; overflow-y: auto;
  margin: -4px; padding: 4px; list-style: none;
}
.foyer-list > li, .foyer-list > [role='listitem'] { margin: 0; }
.foyer-landing-passkey { display: flex; justify-content: center; }
.foyer-wallet-row { text-decoration: none; }
.foyer-wallet-name { flex: 1; min-width: 0; text-align: left; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.foyer-badge { flex: none; font-size: 12px; line-height: 16px; font-weight: 500; padding: 2px 8px; border-radius: 999px; background: var(--foyer-surface); color: var(--foyer-muted); }
.foyer-wallet-row:hover .foyer-badge { background: var(--foyer-background); }
.foyer-wallet-hint { flex: none; font-size: 13px; color: var(--foyer-accent-text); opacity: 0; transition: opacity 0.12s; }
.foyer-wallet-row:hover .foyer-wallet-hint, .foyer-wallet-row:focus-visible .foyer-wallet-hint { opacity: 1; }

/* Numbered steps (wallet install guide). */
.foyer-steps { margin: 0; padding: 0; list-style: none; counter-reset: foyer-step; display: flex; flex-direction: column; gap: 12px; font-size: 14px; line-height: 20px; }
.foyer-steps > li { counter-increment: foyer-step; position: relative; min-height: 24px; padding: 2px 0 0 36px; }
.foyer-steps > li::before {
  content: counter(foyer-step); position: absolute; left: 0; top: 0; display: flex; align-items: center; justify-content: center;
  width: 24px; height: 24px; border-radius: 50%; background: var(--foyer-surface); color: var(--foyer-foreground);
  font-size: 13px; font-weight: 600;
}

/* Passkeys: the benefit list (checks, no bullets) and the passkey rows. */
.foyer-passkey-benefits { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: 10px; font-size: 14px; line-height: 20px; }
.foyer-passkey-benefits > li { position: relative; padding-left: 28px; }
.foyer-passkey-benefits > li::before {
  content: ''; position: absolute; left: 6px; top: 3px; width: 6px; height: 11px;
  border: solid var(--foyer-accent); border-width: 0 2px 2px 0; transform: rotate(45deg);
}
.foyer-passkey-section { display: flex; flex-direction: column; gap: 8px; }
.foyer-passkey-section > h3.foyer-subtitle { margin: 0; font-size: 13px; font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em; }
.foyer-passkey-row {
  display: flex; align-items: center; justify-content: space-between; gap: 12px; min-height: var(--foyer-row-height);
  padding: 0 12px 0 16px; border: 1px solid var(--foyer-border); border-radius: var(--foyer-radius-sm); font-size: 15px;
}
.foyer-passkey-row > span { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }

/* Spinners and states. */
.foyer-spinner {
  display: inline-block; flex: none; width: 24px; height: 24px; border-radius: 50%;
  border: 3px solid var(--foyer-border); border-top-color: var(--foyer-accent); animation: foyer-spin 0.8s linear infinite;
}
.foyer-center { display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 12px; padding: 16px 0; }
.foyer-success { color: var(--foyer-success); }
.foyer-telegram-widget { display: flex; justify-content: center; min-height: 40px; }
.foyer-telegram-widget[hidden] { display: none; }
.foyer-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }

@keyframes foyer-spin { to { transform: rotate(360deg); } }
@keyframes foyer-fade-in { from { opacity: 0; } }
/* Entrances move the content, never hide it: it is readable from the first frame after the click. */
@keyframes foyer-pop-in { from { transform: translateY(6px) scale(0.985); } }
@keyframes foyer-settle-in { from { transform: translateY(4px); } }
@keyframes foyer-slide-up { from { transform: translateY(24px); } }
@media (prefers-reduced-motion: reduce) {
  .foyer-dialog, .foyer-backdrop, .foyer-screen-host { animation: none; }
  .foyer-spinner { animation-duration: 2.4s; }
}
`
