'use client'

/** Opens the browser's print dialog for the day sheet (the sheet prints without the office's navigation). */
export function PrintButton({label, className}: {label: string; className?: string}) {
  return (
    <button type="button" className={className} onClick={() => window.print()}>
      {label}
    </button>
  )
}
