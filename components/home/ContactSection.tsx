import type {HomePage, SiteSettings} from '@/lib/content'
import {ContactWithMap} from '@/components/pages/ContactWithMap'
import {Section} from '@/components/ui/Section'

/**
 * Contact: heading, intro, phone and e-mail, address, service areas and the map. The contact form
 * arrives in a later issue; until then the section offers phone and e-mail.
 */
export function ContactSection({section, settings}: {section: HomePage['contactSection']; settings: SiteSettings}) {
  return (
    <Section id="contact" heading={section.heading} intro={section.intro} tone="dark" width="wide">
      <ContactWithMap settings={settings} />
    </Section>
  )
}
