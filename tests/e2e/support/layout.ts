import type {Page} from '@playwright/test'

/**
 * What a person on a narrow screen would notice in a page's main content, as readable lines (none
 * when the page reads well):
 * - the page scrolls sideways (the document wider than the window);
 * - something shown in `main` reaches past the window's edges: a list wider than the screen inside a
 *   box that scrolls on its own hides its columns just as well;
 * - a word broken across lines ("Mar ia Gon zale z", "$19 1.18"): a column squeezed below the width
 *   of a word. Only pieces of 2 to 24 characters between spaces, hyphens, dashes and slashes count:
 *   a line may break there; longer runs (e-mail and web addresses) may wrap anywhere;
 * - text wrapped inside a box narrower than `floor` px (a column squeezed to a few letters).
 * Hidden text (display: none, visibility: hidden, clipped to 1 px for screen readers) is skipped.
 */
export async function layoutProblems(page: Page, floor = 48): Promise<string[]> {
  return page.evaluate((floor) => {
    const problems: string[] = []
    const root = document.documentElement
    if (root.scrollWidth > root.clientWidth) problems.push(`the page scrolls sideways: ${root.scrollWidth} px wide in a ${root.clientWidth} px window`)
    const main = document.querySelector('main') ?? document.body
    const width = root.clientWidth
    const describe = (element: Element) => {
      const classes = typeof element.className === 'string' && element.className ? `.${element.className.split(/\s+/)[0]}` : ''
      return `<${element.tagName.toLowerCase()}${classes}>`
    }
    // Shown: a box of its own, visible, and not inside a box clipped to a pixel (text for screen
    // readers only, such as a table's headers above cards).
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1) return false
      const style = getComputedStyle(element)
      if (style.visibility === 'hidden' || style.display === 'none') return false
      for (let parent = element.parentElement; parent && parent !== main; parent = parent.parentElement) {
        const outer = parent.getBoundingClientRect()
        if ((outer.width <= 1 || outer.height <= 1) && getComputedStyle(parent).overflow !== 'visible') return false
      }
      return true
    }
    const reported = new Set<Element>()
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      const element = node.parentElement
      if (!element || !text.trim() || !shown(element)) continue
      const box = element.getBoundingClientRect()
      const sample = text.trim().slice(0, 40)
      const whole = document.createRange()
      whole.selectNodeContents(node)
      const lines = [...whole.getClientRects()].filter((rect) => rect.width > 0)
      if (lines.some((rect) => rect.right > width + 1 || rect.left < -1) && !reported.has(element)) {
        reported.add(element)
        problems.push(`"${sample}" in ${describe(element)} is outside the ${width} px window (${Math.round(Math.min(...lines.map((r) => r.left)))}–${Math.round(Math.max(...lines.map((r) => r.right)))} px)`)
      }
      if (new Set(lines.map((rect) => Math.round(rect.top))).size > 1 && box.width < floor && !reported.has(element)) {
        reported.add(element)
        problems.push(`"${sample}" wraps in ${describe(element)} only ${Math.round(box.width)} px wide`)
      }
      for (const match of text.matchAll(/[^\s\-–—/]+/g)) {
        if (match[0].length < 2 || match[0].length > 24) continue
        const range = document.createRange()
        range.setStart(node, match.index)
        range.setEnd(node, match.index + match[0].length)
        const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)))
        if (tops.size > 1) {
          problems.push(`"${match[0]}" is broken across ${tops.size} lines in ${describe(element)} ${Math.round(box.width)} px wide`)
          break
        }
      }
    }
    // Controls and images with no text of their own (a field, a select) must not reach past the edges either.
    for (const element of main.querySelectorAll('input, select, textarea, button, img, svg, table')) {
      if (!shown(element) || reported.has(element)) continue
      const box = element.getBoundingClientRect()
      if (box.right > width + 1 || box.left < -1) problems.push(`${describe(element)} is outside the ${width} px window (${Math.round(box.left)}–${Math.round(box.right)} px)`)
    }
    return problems
  }, floor)
}
