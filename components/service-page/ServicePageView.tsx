import {bookableServiceHref, findBookableService} from '@/lib/booking/catalog'
import {formatUsd} from '@/lib/booking/money'
import {startingPriceCents} from '@/lib/booking/pricing'
import {startingPriceText} from '@/lib/booking/starting-price'
import type {FormSettings, ServicePage, SiteSettings} from '@/lib/content'
import {fieldEditLinks, type EditLinks} from '@/lib/content/edit-links'
import {telHref} from '@/lib/format'
import {leadFormMessages} from '@/lib/leads/form-messages'
import {emailHref, questionEmailSubject, quoteEmailHref, serviceCallsToAction} from '@/lib/service-page-actions'
import {ServiceBenefits} from './ServiceBenefits'
import {ServiceFeatures} from './ServiceFeatures'
import {ServiceFinalCta} from './ServiceFinalCta'
import {ServiceHero} from './ServiceHero'
import {ServiceIncluded} from './ServiceIncluded'
import {ServiceQuestions} from './ServiceQuestions'
import {ServiceQuoteSection} from './ServiceQuoteSection'
import {ServiceWhyChooseUs} from './ServiceWhyChooseUs'
import {TrustBand} from '@/components/trust/TrustBand'

/** The free in-home estimate request. */
const ESTIMATE_VISIT_PATH = '/appointment'

export type ServicePageViewProps = {
  page: ServicePage
  settings: Pick<SiteSettings, 'phone' | 'email'>
  /** The quote form's texts (quote landings and mold). */
  forms: Pick<FormSettings, 'quoteForm' | 'messages'>
  /** In an editor's preview: click-to-edit links for pictures and list items; null for visitors. */
  edit?: EditLinks | null
}

/** "Book online" of a quote landing bookable online: its text, the starting price and the booking screen. */
function bookOnlineOffer(page: ServicePage) {
  const service = findBookableService(page.bookingService)
  const text = page.quoteSection?.bookOnline
  if (!service || !text || page.layout !== 'quoteLanding') return null
  return {...text, price: formatUsd(startingPriceCents(service)), href: bookableServiceHref(service)}
}

/**
 * One service page in its layout: hero (with the starting price of a bookable service), the
 * Trust band, benefits, the three features, why choose us,
 * what's included, the quote section (quote landings and mold), Common Questions and the final call
 * to action. Where the calls to action lead is decided by lib/service-page-actions. Section tones
 * alternate (white, mint, white, mint, the warm quote band, white, dark) so no two alike meet.
 */
export function ServicePageView({page, settings, forms, edit = null}: ServicePageViewProps) {
  const document = {id: page._id, type: 'servicePage'}
  const editIn = (base: string) => fieldEditLinks(edit, document, base)
  const actions = serviceCallsToAction(page.layout, {
    phone: settings.phone,
    hasQuoteContent: page.quoteSection !== null,
    bookingService: findBookableService(page.bookingService),
  })
  const phoneHref = telHref(settings.phone)
  const quoteEmail = quoteEmailHref(settings.email, page.title)
  const questionEmail = emailHref(settings.email, questionEmailSubject(page.title))

  return (
    <>
      <ServiceHero
        eyebrow={page.title}
        heading={page.hero.heading}
        text={page.hero.text}
        ctaLabel={page.hero.ctaLabel}
        cta={actions.hero}
        image={page.hero.image}
        phone={settings.phone}
        priceNote={startingPriceText([page.bookingService], page.priceNote)}
        edit={editIn('hero')}
      />
      <TrustBand />
      <ServiceBenefits
        heading={page.benefits.heading}
        intro={page.benefits.intro}
        items={page.benefits.items}
        tone="plain"
        edit={editIn('benefits')}
      />
      <ServiceFeatures features={page.features} tone="tinted" label={`${page.title}: highlights`} edit={editIn('features')} />
      <ServiceWhyChooseUs
        heading={page.whyChooseUs.heading}
        text={page.whyChooseUs.text}
        points={page.whyChooseUs.points}
        image={page.whyChooseUs.image}
        tone="plain"
        edit={editIn('whyChooseUs')}
      />
      <ServiceIncluded heading={page.included.heading} items={page.included.items} tone="tinted" edit={editIn('included')} />
      {actions.showQuoteSection && page.quoteSection ? (
        <ServiceQuoteSection
          heading={page.quoteSection.heading}
          text={page.quoteSection.text}
          form={forms.quoteForm}
          messages={leadFormMessages('quoteRequest', forms.messages)}
          page={{path: `/${page.slug}`, title: page.title}}
          bookOnline={bookOnlineOffer(page)}
          estimateVisit={page.quoteSection.estimateVisit ? {...page.quoteSection.estimateVisit, href: ESTIMATE_VISIT_PATH} : null}
          phone={settings.phone}
          phoneHref={phoneHref}
          email={settings.email}
          emailHref={quoteEmail}
          phoneButtonLabel={page.layout === 'mold' ? page.hero.ctaLabel : undefined}
        />
      ) : null}
      <ServiceQuestions
        heading={page.commonQuestions.heading}
        followUp={page.commonQuestions.followUp}
        items={page.commonQuestions.items}
        phone={settings.phone}
        phoneHref={phoneHref}
        email={settings.email}
        emailHref={questionEmail}
        tone="plain"
        edit={editIn('commonQuestions')}
      />
      <ServiceFinalCta
        heading={page.finalCta.heading}
        text={page.finalCta.text}
        buttonLabel={page.finalCta.buttonLabel}
        cta={actions.final}
        phone={settings.phone}
      />
    </>
  )
}
