/**
 * The wallet frame's visible pages' stylesheet (export, password and cloud recovery screens). Served as a file of the
 * wallet origin (`/assets/frame-style-<hash>.css`, CSP `style-src 'self'`): the page allows no inline style. Its tokens
 * are the modal's (ui/theme/styles.ts; frameStyles.test.ts holds them equal) and the host's look arrives through the
 * frame's URL (frameLook.ts), set as custom properties on the root through the CSSOM, never as CSS text. Sizes follow
 * the modal's scale: rows 52 px, text 18 / 15 / 14 / 13 px, gaps 4 / 8 / 12 / 20 px, one accent focus ring.
 */
export const frameStyles = `
:root {
  --foyer-accent: #5a61f0;
  --foyer-accent-foreground: #ffffff;
  --foyer-background: #ffffff;
  --foyer-foreground: #1a1b25;
  --foyer-muted: #6b6c7e;
  --foyer-surface: #f1f2f9;
  --foyer-border: #e2e3f0;
  --foyer-border-strong: #cbcde0;
  --foyer-error: #d92d20;
  --foyer-success: #12a150;
  --foyer-warning: #b54708;
  --foyer-radius-sm: 12px;
  --foyer-row-height: 52px;
  --foyer-font: system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif;
  --foyer-ring: color-mix(in srgb, var(--foyer-accent) 28%, transparent);
  --foyer-accent-text: color-mix(in srgb, var(--foyer-accent) 85%, #000000);
  color-scheme: light;
}
:root[data-foyer-theme='dark'] {
  --foyer-background: #1e1f27;
  --foyer-foreground: #f4f4f7;
  --foyer-muted: #a1a2b3;
  --foyer-surface: #2a2b36;
  --foyer-border: #353644;
  --foyer-border-strong: #4a4b5c;
  --foyer-error: #f97066;
  --foyer-success: #32d583;
  --foyer-warning: #fdb022;
  --foyer-accent-text: color-mix(in srgb, var(--foyer-accent) 62%, #ffffff);
  color-scheme: dark;
}
*, *::before, *::after { box-sizing: border-box; }
html, body { margin: 0; }
body {
  padding: 4px; background: var(--foyer-background); color: var(--foyer-foreground);
  font-family: var(--foyer-font); font-size: 15px; line-height: 1.4; -webkit-font-smoothing: antialiased;
}
.foyer-page { display: flex; flex-direction: column; gap: 12px; }
.foyer-title { margin: 0 0 4px; font-size: 18px; font-weight: 600; line-height: 24px; letter-spacing: -0.01em; text-align: center; }
.foyer-text { margin: 0; font-size: 14px; line-height: 20px; color: var(--foyer-muted); text-align: center; overflow-wrap: anywhere; }
.foyer-actions { display: flex; flex-direction: column; gap: 8px; margin-top: 4px; }

/* Buttons: the modal's rows. */
.foyer-button {
  display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  width: 100%; min-height: var(--foyer-row-height); padding: 0 16px; margin: 0;
  border-radius: var(--foyer-radius-sm); border: 1px solid var(--foyer-border);
  background: var(--foyer-background); color: var(--foyer-foreground);
  font: inherit; font-size: 15px; font-weight: 500; line-height: 20px; cursor: pointer;
  transition: background-color 0.12s, border-color 0.12s, filter 0.12s, opacity 0.12s;
}
.foyer-button:hover:not(:disabled) { background: var(--foyer-surface); border-color: var(--foyer-border-strong); }
.foyer-button[data-variant='primary'] { background: var(--foyer-accent); color: var(--foyer-accent-foreground); border-color: transparent; }
.foyer-button[data-variant='primary']:hover:not(:disabled) { background: var(--foyer-accent); filter: brightness(1.08); }
.foyer-button[data-variant='small'] { width: auto; min-height: 36px; padding: 0 12px; font-size: 14px; border-radius: 9px; flex: none; }
.foyer-button:disabled { opacity: 0.5; cursor: not-allowed; }
.foyer-button[aria-busy='true'] { cursor: progress; }
.foyer-button[data-copied='true'] { color: var(--foyer-success); border-color: currentColor; }

/* One focus ring everywhere. */
.foyer-button:focus-visible, .foyer-check input:focus-visible, a:focus-visible { outline: 2px solid var(--foyer-accent); outline-offset: 2px; }

/* Fields: label, the input row (with its action inside), the line below. */
.foyer-field { display: flex; flex-direction: column; gap: 6px; }
.foyer-label { font-size: 13px; font-weight: 600; line-height: 18px; }
.foyer-input-row {
  display: flex; gap: 8px; align-items: center; min-height: var(--foyer-row-height); padding: 4px 4px 4px 16px;
  border: 1px solid var(--foyer-border); border-radius: var(--foyer-radius-sm); background: var(--foyer-background);
  transition: border-color 0.12s, box-shadow 0.12s;
}
.foyer-input-row:hover { border-color: var(--foyer-border-strong); }
.foyer-input-row:focus-within { border-color: var(--foyer-accent); box-shadow: 0 0 0 3px var(--foyer-ring); }
.foyer-input-row:has([aria-invalid='true']) { border-color: var(--foyer-error); }
.foyer-input {
  flex: 1; min-width: 0; height: 42px; padding: 0; border: 0; background: transparent; color: inherit; font: inherit; font-size: 15px;
}
.foyer-input:focus { outline: none; }
.foyer-input:disabled { opacity: 0.6; }
.foyer-input[readonly] { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 14px; }

/* A secret shown for copying (export): wraps, monospace, the copy button below it on the right. */
.foyer-secret {
  display: block; width: 100%; margin: 0; padding: 10px 12px; resize: none; overflow: hidden;
  border: 1px solid var(--foyer-border); border-radius: var(--foyer-radius-sm); background: var(--foyer-surface); color: inherit;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; line-height: 18px; word-break: break-all;
}
.foyer-secret:focus-visible { outline: none; border-color: var(--foyer-accent); box-shadow: 0 0 0 3px var(--foyer-ring); }
.foyer-field-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; }

/* Lines under a field: always there, so a message never moves the page. */
.foyer-error { margin: 0; min-height: 18px; color: var(--foyer-error); font-size: 13px; line-height: 18px; overflow-wrap: anywhere; }
.foyer-error:empty { min-height: 0; }
.foyer-field > .foyer-error:empty { min-height: 18px; }

/* The password strength meter: three segments filled by level, the word beside them. */
.foyer-strength { display: flex; align-items: center; gap: 10px; min-height: 18px; font-size: 13px; line-height: 18px; color: var(--foyer-muted); }
.foyer-meter { display: flex; flex: 1; gap: 4px; height: 4px; }
.foyer-meter > span { flex: 1; border-radius: 999px; background: var(--foyer-border); transition: background-color 0.15s; }
.foyer-strength[data-level='1'] .foyer-meter > span:nth-child(-n + 1) { background: var(--foyer-error); }
.foyer-strength[data-level='2'] .foyer-meter > span:nth-child(-n + 2) { background: var(--foyer-warning); }
.foyer-strength[data-level='3'] .foyer-meter > span { background: var(--foyer-success); }
.foyer-strength-label { flex: none; min-width: 56px; text-align: right; font-weight: 500; }

/* The acknowledgement: a box and its sentence. */
.foyer-check { display: flex; gap: 10px; align-items: flex-start; font-size: 14px; line-height: 20px; }
.foyer-check input { flex: none; width: 18px; height: 18px; margin: 1px 0 0; accent-color: var(--foyer-accent); }
.foyer-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 440px) { .foyer-input { font-size: 16px; } }
@media (prefers-reduced-motion: reduce) { * { transition: none !important; } }
`
