/**
 * A plugin's or wallet's icon: inline SVG markup (from plugin code, never user input) or an image URL.
 * Without an icon it renders `fallback` (a letter, usually the name's initial) in a neutral tile when
 * one is given, so rows with and without icons keep the same slot; otherwise nothing.
 */
export function PluginIcon({ icon, fallback }: { icon?: string | undefined; fallback?: string | undefined }) {
  if (!icon) {
    if (fallback === undefined) return null
    return (
      <span className="foyer-button-icon foyer-icon-placeholder" aria-hidden="true" data-placeholder="">
        {fallback.charAt(0)}
      </span>
    )
  }
  if (icon.trimStart().startsWith('<svg')) {
    return <span className="foyer-button-icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: icon }} />
  }
  return (
    <span className="foyer-button-icon" aria-hidden="true">
      <img src={icon} alt="" />
    </span>
  )
}
