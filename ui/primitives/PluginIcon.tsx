/** A plugin's icon: inline SVG markup (from plugin code, never user input) or an image URL. */
export function PluginIcon({ icon }: { icon?: string | undefined }) {
  if (!icon) return null
  if (icon.trimStart().startsWith('<svg')) {
    return <span className="foyer-button-icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: icon }} />
  }
  return (
    <span className="foyer-button-icon" aria-hidden="true">
      <img src={icon} alt="" />
    </span>
  )
}
