/**
 * The business's notification of a reply written in the office to a lead. Staff-facing: its words stay in code.
 */
import {formatCompanyDateTime} from '../../format'
import {rows} from '../view-parts'
import type {MessageView} from '../view'
import type {LeadReplyFacts} from '../queue'

/** The business's copy. */
export function leadReplyNotification(facts: LeadReplyFacts): MessageView {
  // Replies are queued for the customer only (the office keeps them in the lead's history); a
  // copy to the business would read like this.
  return {
    subject: `Reply sent to ${facts.to}: ${facts.subject}`,
    view: {
      preview: facts.message.slice(0, 120),
      heading: 'Reply sent from the office',
      paragraphs: [`${facts.staffName} wrote to ${facts.to}.`],
      sections: [{heading: 'Reply', rows: rows([['Subject', facts.subject], ['Message', facts.message], ['Sent', formatCompanyDateTime(facts.sentAt)]])}],
      charges: null,
      closing: [],
    },
  }
}
