/**
 * The {tokens} editors may write in the text messages' wording (the Text messages document),
 * filled in for each text. Plain TypeScript, shared with the Studio's validation.
 */
export const TEXT_TOKENS = ['firstName', 'service', 'visit'] as const

/** The {tokens} of `text` that are not TEXT_TOKENS. */
export function unknownTextTokens(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).filter((token) => !(TEXT_TOKENS as readonly string[]).includes(token))
}
