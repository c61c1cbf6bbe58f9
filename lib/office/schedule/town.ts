/**
 * The town of an address as customers type it ("1200 Lake Washington Blvd N, Renton, WA 98056"): the
 * part before the state and ZIP, so the schedule can say where a crew drives without the full
 * address. The booking forms take the address as one line, so this reads the usual US shape and
 * answers null when it cannot tell (the schedule then shows nothing rather than a guess).
 */
const STATE_ZIP = /^(?:[A-Za-z]{2}|washington)\.?(?:\s+\d{5}(?:-\d{4})?)?$/i
const ZIP = /^\d{5}(?:-\d{4})?$/

export function townOf(address: string): string | null {
  const parts = address
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
  // Drop a trailing country, ZIP, and state (with or without the ZIP).
  while (parts.length > 1 && /^(usa|us|united states)\.?$/i.test(parts[parts.length - 1])) parts.pop()
  if (parts.length > 1 && ZIP.test(parts[parts.length - 1])) parts.pop()
  if (parts.length > 1 && STATE_ZIP.test(parts[parts.length - 1])) parts.pop()
  if (parts.length < 2) {
    // "123 Main St Renton WA 98057": the word before the state.
    const match = /\s([A-Za-z][A-Za-z .'-]*?)\s+(?:WA|Wash\.?|Washington)\.?(?:\s+\d{5}(?:-\d{4})?)?$/i.exec(address.trim())
    const words = match?.[1].trim().split(/\s+/)
    return words && words.length > 0 ? words[words.length - 1] : null
  }
  const town = parts[parts.length - 1].replace(/\s+(?:WA|Wash\.?)\.?(?:\s+\d{5}(?:-\d{4})?)?$/i, '').trim()
  // A last part with a house number is the street, not a town.
  return town && !/^\d/.test(town) ? town : null
}
