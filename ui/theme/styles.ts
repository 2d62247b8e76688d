/**
 * The modal's stylesheet. Shipped as a string and injected by the modal so hosts need no CSS loader;
 * everything is scoped under `.foyer-root` and themed through `--foyer-*` variables.
 */
export const styles = `
.foyer-root {
  --foyer-accent: #676fff;
  --foyer-accent-foreground: #ffffff;
  --foyer-background: #ffffff;
  --foyer-foreground: #1a1b25;
  --foyer-muted: #6b6c7e;
  --foyer-surface: #f1f2f9;
  --foyer-border: #e2e3f0;
  --foyer-error: #d92d20;
  --foyer-success: #12a150;
  --foyer-overlay: rgba(10, 10, 20, 0.45);
  --foyer-radius: 16px;
  --foyer-radius-sm: 10px;
  --foyer-font: system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif;
  --foyer-z-index: 999999;
  font-family: var(--foyer-font);
  color: var(--foyer-foreground);
  position: fixed; inset: 0; z-index: var(--foyer-z-index);
  display: flex; align-items: center; justify-content: center;
}
.foyer-root[data-foyer-theme='dark'] {
  --foyer-background: #1e1f27;
  --foyer-foreground: #f4f4f7;
  --foyer-muted: #a1a2b3;
  --foyer-surface: #2a2b36;
  --foyer-border: #3a3b48;
  --foyer-error: #f97066;
  --foyer-success: #32d583;
  --foyer-overlay: rgba(0, 0, 0, 0.6);
}
.foyer-root *, .foyer-root *::before, .foyer-root *::after { box-sizing: border-box; }
.foyer-backdrop { position: absolute; inset: 0; background: var(--foyer-overlay); }
.foyer-dialog {
  position: relative; width: 360px; max-width: 100%; max-height: calc(100vh - 32px); overflow-y: auto;
  background: var(--foyer-background); border-radius: var(--foyer-radius);
  box-shadow: 0 12px 48px rgba(0, 0, 0, 0.2); padding: 16px 20px 20px; outline: none;
}
@media (max-width: 440px) {
  .foyer-root { align-items: flex-end; }
  .foyer-dialog { width: 100%; border-radius: var(--foyer-radius) var(--foyer-radius) 0 0; max-height: 90vh; }
}
.foyer-header { display: flex; justify-content: space-between; align-items: center; min-height: 32px; }
.foyer-icon-button {
  display: inline-flex; align-items: center; justify-content: center; width: 32px; height: 32px;
  border: 0; border-radius: 50%; background: transparent; color: var(--foyer-muted); cursor: pointer;
}
.foyer-icon-button:hover { background: var(--foyer-surface); color: var(--foyer-foreground); }
.foyer-screen { display: flex; flex-direction: column; align-items: stretch; gap: 16px; text-align: center; }
.foyer-screen-icon { display: flex; justify-content: center; color: var(--foyer-accent); }
.foyer-screen-icon img { max-height: 64px; max-width: 180px; }
.foyer-title { margin: 0; font-size: 18px; font-weight: 600; line-height: 1.3; }
.foyer-subtitle { margin: 4px 0 0; font-size: 14px; color: var(--foyer-muted); line-height: 1.4; overflow-wrap: anywhere; }
.foyer-body { display: flex; flex-direction: column; gap: 12px; text-align: left; }
.foyer-footer { font-size: 13px; color: var(--foyer-muted); text-align: center; }
.foyer-button {
  display: inline-flex; align-items: center; justify-content: center; gap: 10px; width: 100%; min-height: 48px;
  padding: 10px 16px; border-radius: var(--foyer-radius-sm); font: inherit; font-size: 15px; font-weight: 500;
  cursor: pointer; border: 1px solid var(--foyer-border); background: var(--foyer-background); color: var(--foyer-foreground);
}
.foyer-button:hover:not(:disabled) { background: var(--foyer-surface); }
.foyer-button[data-variant='primary'] { background: var(--foyer-accent); color: var(--foyer-accent-foreground); border-color: transparent; }
.foyer-button[data-variant='primary']:hover:not(:disabled) { filter: brightness(1.08); }
.foyer-button[data-variant='link'] { border: 0; background: transparent; color: var(--foyer-accent); min-height: 0; width: auto; padding: 4px; }
.foyer-button[data-variant='option'] { justify-content: flex-start; }
.foyer-button:disabled { opacity: 0.55; cursor: not-allowed; }
.foyer-button:focus-visible, .foyer-input:focus-visible, .foyer-icon-button:focus-visible, .foyer-code-box:focus-visible {
  outline: 2px solid var(--foyer-accent); outline-offset: 2px;
}
.foyer-button-icon { display: inline-flex; width: 22px; height: 22px; }
.foyer-button-icon svg, .foyer-button-icon img { width: 100%; height: 100%; }
.foyer-field { display: flex; flex-direction: column; gap: 6px; }
.foyer-input-row { display: flex; gap: 8px; align-items: center; border: 1px solid var(--foyer-border); border-radius: var(--foyer-radius-sm); padding: 4px 4px 4px 12px; }
.foyer-input-row:focus-within { border-color: var(--foyer-accent); }
.foyer-input-row .foyer-button { width: auto; min-height: 38px; }
.foyer-input {
  flex: 1; min-width: 0; min-height: 38px; border: 0; background: transparent; color: inherit; font: inherit; font-size: 15px;
}
.foyer-input:focus { outline: none; }
.foyer-error { margin: 0; color: var(--foyer-error); font-size: 13px; text-align: center; }
.foyer-code { display: flex; gap: 8px; justify-content: center; }
.foyer-code-box {
  width: 44px; height: 52px; text-align: center; font: inherit; font-size: 22px; border-radius: var(--foyer-radius-sm);
  border: 1px solid var(--foyer-border); background: var(--foyer-background); color: var(--foyer-foreground);
}
.foyer-code[data-invalid='true'] .foyer-code-box { border-color: var(--foyer-error); }
.foyer-list { display: flex; flex-direction: column; gap: 10px; max-height: 400px; overflow-y: auto; padding: 2px; }
.foyer-wallet-row { text-decoration: none; }
.foyer-wallet-name { flex: 1; text-align: left; }
.foyer-badge { font-size: 12px; padding: 2px 8px; border-radius: 999px; background: var(--foyer-surface); color: var(--foyer-muted); }
.foyer-wallet-hint { font-size: 13px; color: var(--foyer-accent); opacity: 0; }
.foyer-wallet-row:hover .foyer-wallet-hint, .foyer-wallet-row:focus-visible .foyer-wallet-hint { opacity: 1; }
.foyer-steps { margin: 0; padding-left: 20px; display: flex; flex-direction: column; gap: 8px; font-size: 14px; }
.foyer-spinner {
  display: inline-block; width: 24px; height: 24px; border-radius: 50%;
  border: 3px solid var(--foyer-border); border-top-color: var(--foyer-accent); animation: foyer-spin 0.8s linear infinite;
}
.foyer-center { display: flex; justify-content: center; padding: 24px 0; }
.foyer-success { color: var(--foyer-success); }
.foyer-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@keyframes foyer-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .foyer-spinner { animation-duration: 2.4s; } }
`
