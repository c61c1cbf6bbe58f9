import type {FormSettings, HomePage, SiteSettings} from '@/lib/content'
import {leadFormMessages} from '@/lib/leads/form-messages'
import {LazyContactForm} from '@/components/leads/LazyContactForm'
import {ContactWithMap} from '@/components/pages/ContactWithMap'
import {Section} from '@/components/ui/Section'

/**
 * Contact (the contact form with the embedded map): heading and intro, the contact form (phone
 * checked on every change, 'Submitting...'), and the phone, e-mail, address, service areas and map.
 */
export function ContactSection({section, settings, forms}: {section: HomePage['contactSection']; settings: SiteSettings; forms: Pick<FormSettings, 'contactForm' | 'messages'>}) {
  return (
    <Section id="contact" heading={section.heading} intro={section.intro} tone="dark" width="wide">
      <ContactWithMap settings={settings} form={<LazyContactForm text={forms.contactForm} messages={leadFormMessages('contactMessage', forms.messages)} variant="home" />} />
    </Section>
  )
}
