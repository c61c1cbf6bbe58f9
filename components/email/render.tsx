import {plainTextSelectors, render, toPlainText} from '@react-email/render'
import type {EmailView} from '@/lib/email/view'
import {EmailLayout} from './EmailLayout'

/** Plain text: label and value rows (React Email lays each out as a table) read as one line each. */
const TEXT_OPTIONS = {
  wordwrap: 78,
  selectors: [
    ...plainTextSelectors,
    {selector: 'table', format: 'dataTable', options: {colSpacing: 3, maxColumnWidth: 60, uppercaseHeaderCells: false}},
    // Headings as written, not shouted in capitals.
    {selector: 'h1', options: {uppercase: false}},
    {selector: 'h2', options: {uppercase: false}},
  ],
}

/** An e-mail's HTML part and its plain-text part, both from the one layout. */
export async function renderEmail(view: EmailView): Promise<{html: string; text: string}> {
  const html = await render(<EmailLayout view={view} />)
  return {html, text: toPlainText(html, TEXT_OPTIONS)}
}
