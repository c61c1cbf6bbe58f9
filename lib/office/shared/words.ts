/**
 * The words every area of the office shares. The office is not marketing copy, so its words stay in code, one words.ts per area of
 * the office beside the code that shows them; every word a customer reads is content.
 */

/** What a page says when its address holds a part the office refuses (it shows the page without that part). */
export const inputWords = {
  refusedParameter: (field: string, message: string) => `The address’s “${field}” was left out: it ${message}.`,
} as const
