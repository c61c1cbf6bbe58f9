/**
 * The business's notification of an appointment request of the earlier form (it has no e-mail field). Staff-facing: its words stay in code.
 */
import {formatCompanyDateTime, formatPhone} from '../../format'
import {pageUrl, rows} from '../view-parts'
import type {ComposeContext, MessageView} from '../view'
import type {AppointmentFacts} from '../queue'

const GENDER_LABELS: Record<AppointmentFacts['patientGender'], string> = {male: 'Male', female: 'Female', private: 'Private'}
const MODE_LABELS: Record<AppointmentFacts['preferredMode'], string> = {voice: 'Voice call', video: 'Video call'}

/** The business's notification; `name` is the customer's, as its subject says it. */
export function appointmentNotification(facts: AppointmentFacts, context: ComposeContext, name: string): MessageView {
  const submitted = (at: string) => formatCompanyDateTime(at)
  // Queued by the earlier health-style form before the site changed; its subject is staff-facing.
  return {
    subject: `Appointment request from ${name} (earlier form)`,
    view: {
      preview: `${name}, ${formatCompanyDateTime(facts.appointmentTime)}.`,
      heading: 'New appointment request',
      paragraphs: [`${name} asked for an appointment on ${pageUrl(context.siteUrl, facts.pagePath)}. The form has no e-mail field: call them to confirm.`],
      sections: [
        {
          heading: 'Appointment',
          rows: rows([
            ['Name', facts.patientName],
            ['Phone', formatPhone(facts.patientPhone)],
            ['Gender', GENDER_LABELS[facts.patientGender]],
            ['Preferred time', formatCompanyDateTime(facts.appointmentTime)],
            ['Preferred mode', MODE_LABELS[facts.preferredMode]],
            ['Sent', submitted(facts.submittedAt)],
          ]),
        },
      ],
      charges: null,
      closing: [],
    },
  }
}
