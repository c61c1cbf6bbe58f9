import type {StringRule} from 'sanity'

/**
 * The rule of a starting price's text ("From {price}"): at most `max` characters; once the document
 * prices a service (`placeholderOf` answers the placeholder the site fills in), it is required and
 * must keep that placeholder, where `filler` ('the card', 'the page') puts the price.
 */
export function startingPriceRule(rule: StringRule, max: number, placeholderOf: (document: unknown) => string | null, missing: string, filler: string) {
  return rule.max(max).custom((value, context) => {
    const placeholder = placeholderOf(context.document)
    if (!placeholder) return true
    if (!value) return missing
    return value.includes(placeholder) ? true : `Keep ${placeholder} in the text: ${filler} puts the price there.`
  })
}
