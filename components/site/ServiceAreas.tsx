/** The areas the company serves on one line after their label ("Serving"), or nothing when none is set. */
export function ServiceAreas({areas, label, classNames}: {areas: readonly string[]; label: string; classNames: {line?: string; label?: string}}) {
  if (areas.length === 0) return null
  return (
    <p className={classNames.line}>
      <span className={classNames.label}>{label} </span>
      {areas.join(' · ')}
    </p>
  )
}
