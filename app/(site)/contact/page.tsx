import type {Metadata} from 'next'
import {getContactPage, getFormSettings, getSiteSettings} from '@/lib/content'
import {leadFormMessages} from '@/lib/leads/form-messages'
import {pageMetadata} from '@/lib/page-metadata'
import {LazyContactForm} from '@/components/leads/LazyContactForm'
import {ContactWithMap} from '@/components/pages/ContactWithMap'
import {PageHeaderWithImage} from '@/components/pages/PageHeader'
import {Section} from '@/components/ui/Section'

export async function generateMetadata(): Promise<Metadata> {
  const page = await getContactPage()
  return pageMetadata({seo: page.seo, path: '/contact', image: page.image})
}

/**
 * /contact: heading 'Get in Contact', intro, the image, the contact form (phone checked
 * when leaving the field, 'Sending...'), phone and e-mail, address, opening hours and the map.
 */
export default async function ContactPage() {
  const [page, settings, forms] = await Promise.all([getContactPage(), getSiteSettings(), getFormSettings()])

  return (
    <>
      <PageHeaderWithImage page={page} />
      <Section width="wide">
        <ContactWithMap
          settings={settings}
          cardTone="cream"
          form={<LazyContactForm text={forms.contactForm} messages={leadFormMessages('contactMessage', forms.messages)} variant="page" headingLevel={2} />}
        />
      </Section>
    </>
  )
}
