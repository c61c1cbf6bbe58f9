import type {Metadata} from 'next'
import {LazyAppointmentForm} from '@/components/leads/LazyAppointmentForm'
import {PageHeader} from '@/components/pages/PageHeader'
import {Card} from '@/components/ui/Card'
import {Section} from '@/components/ui/Section'
import {getAppointmentPage, getFormSettings} from '@/lib/content'
import {leadFormMessages} from '@/lib/leads/form-messages'
import {pageMetadata} from '@/lib/page-metadata'

export async function generateMetadata(): Promise<Metadata> {
  const page = await getAppointmentPage()
  // The free in-home estimate is part of the site: linked from the quote sections that offer it, in the sitemap.
  return pageMetadata({seo: page.seo, path: '/appointment'})
}

/** /appointment: the request for a free in-home estimate visit (it replaced a health form a cleaning company has no use for). */
export default async function AppointmentPage() {
  const [page, forms] = await Promise.all([getAppointmentPage(), getFormSettings()])
  return (
    <>
      <PageHeader heading={page.heading} intro={page.intro} width="narrow" headingId="appointment-heading" />
      <Section width="narrow">
        <Card>
          <LazyAppointmentForm text={forms.appointmentForm} messages={leadFormMessages('appointment', forms.messages)} labelledBy="appointment-heading" />
        </Card>
      </Section>
    </>
  )
}
