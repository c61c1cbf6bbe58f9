import type {Metadata} from 'next'
import {fieldEditLinks, getEditLinks, getFormSettings, getHomePage, getSiteSettings} from '@/lib/content'
import {pageMetadata} from '@/lib/page-metadata'
import {jsonLd, localBusinessData} from '@/lib/structured-data'
import {AboutSection} from '@/components/home/AboutSection'
import {ContactSection} from '@/components/home/ContactSection'
import {FaqSection} from '@/components/home/FaqSection'
import {HomeHero} from '@/components/home/HomeHero'
import {ServicesSection} from '@/components/home/ServicesSection'
import {TestimonialsSection} from '@/components/home/TestimonialsSection'
import {TrustBand} from '@/components/trust/TrustBand'

export async function generateMetadata(): Promise<Metadata> {
  const home = await getHomePage()
  return pageMetadata({seo: home.seo, path: '/', image: home.hero.image})
}

/** Home: hero, the Trust band, About Us, Our Services, Testimonials, FAQ, contact with the map. */
export default async function HomePage() {
  const [home, settings, forms, edit] = await Promise.all([getHomePage(), getSiteSettings(), getFormSettings(), getEditLinks()])
  const homeDocument = {id: 'homePage', type: 'homePage'}
  const editIn = (base: string) => fieldEditLinks(edit, homeDocument, base)

  return (
    <>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{__html: jsonLd(localBusinessData(settings))}}
      />
      <HomeHero hero={home.hero} edit={editIn('hero')} />
      <TrustBand />
      <AboutSection about={home.about} satisfactionClaim={settings.satisfactionClaim} edit={editIn('about')} />
      <ServicesSection section={home.servicesSection} edit={editIn('servicesSection')} editCard={edit} />
      <TestimonialsSection section={home.testimonialsSection} feedbackFormUrl={settings.feedbackFormUrl} edit={editIn('testimonialsSection')} editTestimonial={edit} />
      <FaqSection section={home.faqSection} edit={editIn('faqSection')} />
      <ContactSection section={home.contactSection} settings={settings} forms={forms} />
    </>
  )
}
