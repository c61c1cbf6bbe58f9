import {defineQuery} from 'next-sanity'

/**
 * Every GROQ query the site runs. The same text runs against the Sanity Content Lake or, offline,
 * against the local dataset with groq-js; `npm run sanity:typegen` turns each into a result type in
 * sanity.types.ts. Images keep their asset id, crop and hotspot (the URL builder crops around them)
 * and the upload's size and placeholder, so pages never ask for more.
 */

// Pages receive no nulls (lib/content/present.ts), so what an image may lack gets its neutral value:
// no crop, the hotspot in the middle, no placeholder ("") for artwork (SVG) and see-through pictures.
const image = /* groq */ `{
  alt,
  "assetId": asset->_id,
  "url": asset->url,
  "width": asset->metadata.dimensions.width,
  "height": asset->metadata.dimensions.height,
  "crop": coalesce(crop{top, bottom, left, right}, {"top": 0, "bottom": 0, "left": 0, "right": 0}),
  "hotspot": coalesce(hotspot{x, y, width, height}, {"x": 0.5, "y": 0.5, "width": 1, "height": 1}),
  "lqip": coalesce(select(asset->metadata.isOpaque == true => asset->metadata.lqip), ""),
  "color": coalesce(asset->metadata.palette.dominant.background, "")
}`

const seo = /* groq */ `seo{title, description}`

/**
 * A rich-text field with each "Link to a page" resolved to the page's address ("" while that page
 * is not published: the text then shows without a link), and pictures projected like other images.
 */
const richText = (field: string) => /* groq */ `${field}[]{
  ...,
  _type == "block" => {
    markDefs[]{
      ...,
      _type == "internalLink" => {
        "href": coalesce(select(
          reference->_type == "homePage" => "/",
          reference->_type == "servicePage" => "/" + reference->slug.current,
          reference->_type == "blogPost" => "/blog/" + reference->slug.current,
          reference->_type == "bookingPage" => "/" + reference->form + "_cleaning",
          reference->_type == "aboutPage" => "/about",
          reference->_type == "faqsPage" => "/faqs",
          reference->_type == "contactPage" => "/contact",
          reference->_type == "blogsPage" => "/blogs",
          reference->_type == "legalPage" => "/legal",
          reference->_type == "appointmentPage" => "/appointment"
        ), "")
      }
    }
  },
  _type == "accessibleImage" => ${image}
}`

export const siteSettingsQuery = defineQuery(`*[_type == "siteSettings" && _id == "siteSettings"][0]{
  companyName,
  description,
  phone,
  email,
  address{street, city, region, postalCode, country},
  serviceAreas,
  mapLocation{lat, lng},
  mapLabel,
  feedbackFormUrl,
  satisfactionClaim,
  openingHours,
  copyright
}`)

/** The header's and footer's words, with the booking pages' link labels (footer). */
export const navigationQuery = defineQuery(`{
  "labels": *[_type == "navigation" && _id == "navigation"][0]{
    header{home, services, about, booking, blogs, faqs, contact, bookNow},
    serviceGroups{house, exterior, mold, commercial},
    footer{bookOnline, company, legal, contact, privacy, terms, refund, serving},
    contactDetails{phone, email, address, hours}
  },
  "bookingLinks": *[_type == "bookingPage"]{form, navLabel}
}`)

export const serviceMenuQuery = defineQuery(`*[_type == "servicePage" && defined(slug.current)] | order(menuOrder asc, title asc){
  menuGroup,
  menuLabel,
  "slug": slug.current
}`)

export const homePageQuery = defineQuery(`*[_type == "homePage" && _id == "homePage"][0]{
  ${seo},
  hero{headline, subtitle, tagline, ctaLabel, image${image}},
  about{heading, body, highlights[]{_key, title, text}, image${image}},
  servicesSection{
    heading,
    intro,
    cards[]{_key, ...@->{
      _id, title, summary, "subServices": coalesce(subServices, []), image${image}, "slug": link->slug.current,
      "pricedServices": coalesce(pricedServices, []), "priceNote": coalesce(priceNote, "")
    }}
  },
  testimonialsSection{
    heading,
    intro,
    shareLabel,
    testimonials[]{_key, ...@->{_id, quoteTitle, quoteText, name, position, userImage${image}}}
  },
  faqSection{heading, intro, faqs[]{_key, ...@->{_id, question, answer}}},
  contactSection{heading, intro}
}`)

export const servicePageSlugsQuery = defineQuery(
  `*[_type == "servicePage" && defined(slug.current)].slug.current`,
)

export const servicePageQuery = defineQuery(`*[_type == "servicePage" && slug.current == $slug][0]{
  _id,
  title,
  "slug": slug.current,
  layout,
  bookingService,
  "priceNote": coalesce(priceNote, ""),
  ${seo},
  hero{heading, text, ctaLabel, image${image}},
  benefits{heading, intro, items[]{_key, title, text}},
  features[]{_key, title, text},
  whyChooseUs{heading, text, points[]{_key, title, text}, image${image}},
  included{heading, items},
  quoteSection{heading, text, bookOnline{heading, text, priceLabel, buttonLabel}, estimateVisit{heading, text, buttonLabel}},
  commonQuestions{heading, followUp, items[]{_key, question, answer}},
  finalCta{heading, text, buttonLabel}
}`)

export const blogsPageQuery = defineQuery(
  `*[_type == "blogsPage" && _id == "blogsPage"][0]{${seo}, heading, intro, articleCta{heading, text, buttonLabel}}`,
)

export const blogPostListQuery = defineQuery(`*[_type == "blogPost" && defined(slug.current)] | order(publishedAt desc, title asc){
  _id,
  title,
  "slug": slug.current,
  teaser,
  publishedAt,
  heroImage${image}
}`)

export const blogPostQuery = defineQuery(`*[_type == "blogPost" && slug.current == $slug][0]{
  _id,
  title,
  "slug": slug.current,
  teaser,
  publishedAt,
  _updatedAt,
  author,
  heroImage${image},
  ${richText('body')}
}`)

/** Old article addresses (/blog1 … /blog6, /blog/{number}) resolve through this to today's slug. */
export const blogSlugByLegacyNumberQuery = defineQuery(
  `*[_type == "blogPost" && legacyNumber == $legacyNumber][0].slug.current`,
)

export const blogPostSlugsQuery = defineQuery(
  `*[_type == "blogPost" && defined(slug.current)]{"slug": slug.current, legacyNumber}`,
)

export const aboutPageQuery = defineQuery(`*[_type == "aboutPage" && _id == "aboutPage"][0]{
  ${seo},
  heading,
  intro,
  image${image},
  ${richText('body')},
  values[]{_key, title, text},
  finalCta{heading, text, buttonLabel}
}`)

export const faqsPageQuery = defineQuery(`*[_type == "faqsPage" && _id == "faqsPage"][0]{
  ${seo},
  heading,
  intro,
  groups[]{_key, heading, faqs[]{_key, ...@->{_id, question, answer}}}
}`)

export const contactPageQuery = defineQuery(`*[_type == "contactPage" && _id == "contactPage"][0]{${seo}, heading, intro, image${image}}`)

export const legalPageQuery = defineQuery(`*[_type == "legalPage" && _id == "legalPage"][0]{
  ${seo},
  heading,
  intro,
  lastUpdated,
  privacy{heading, ${richText('body')}},
  terms{heading, ${richText('body')}},
  refund{heading, ${richText('body')}}
}`)

export const appointmentPageQuery = defineQuery(`*[_type == "appointmentPage" && _id == "appointmentPage"][0]{${seo}, heading, intro}`)

/** The texts of the quote, contact and appointment forms (labels, buttons, every message). */
export const formSettingsQuery = defineQuery(`*[_type == "formSettings" && _id == "formSettings"][0]{
  quoteForm{
    heading, intro, firstNameLabel, lastNameLabel, phoneLabel, emailLabel, zipCodeLabel, squareFootageLabel,
    squareFootageHelp, desiredServicesLabel, desiredServicesHelp, heardAboutUsLabel, heardAboutUsPlaceholder,
    heardAboutUsOptions, termsLabel, termsLinkText, submitLabel, submittingLabel, otherWaysHeading
  },
  contactForm{heading, nameLabel, emailLabel, phoneLabel, messageLabel, submitLabel, homeSubmittingLabel, pageSubmittingLabel},
  appointmentForm{
    fullNameLabel, phoneLabel, emailLabel, addressLabel, zipCodeLabel, serviceLabel, servicePlaceholder, serviceOptions,
    visitHeading, visitHelp, visitDateLabel, visitDatePlaceholder, visitWindowLabel, visitDatesLoading, visitDatesUnavailable, visitNoDates,
    visitChooseDateFirst, walkthroughLegend, walkthroughInPerson, walkthroughVideo, notesLabel, notesHelp, submitLabel,
    submittingLabel, toastTitle, toastNote
  },
  messages{
    submitted, failed, rateLimited, spam, firstNameRequired, lastNameRequired, nameRequired, emailRequired, emailInvalid,
    phoneRequired, phoneInvalid, zipCodeRequired, zipCodeInvalid, squareFootageInvalid, messageRequired, termsRequired,
    addressRequired, serviceRequired, visitDateRequired, visitDateUnavailable, visitWindowRequired,
    visitWindowUnavailable, walkthroughRequired, tooLong,
    unsupportedCharacters, unreadableCharacters, invalidRequest
  }
}`)

/** The wording of the e-mails the site sends. */
export const emailSettingsQuery = defineQuery(`*[_type == "emailSettings" && _id == "emailSettings"][0]{
  bookingConfirmation{subject, heading, intro, nextSteps, textsNotice, changesNotice, manageLinkText, manageLinkLabel, calendarNote},
  quoteRequestReceived{subject, heading, body, nextSteps},
  contactMessageReceived{subject, heading, body, nextSteps},
  bookingMoved{subject, preview, heading, body, closing, manageLinkText},
  cancellationRequestReceived{subject, preview, heading, body, closing, manageLinkText},
  sectionHeadings{booking, charges},
  bookingCancelled{subject, preview, heading, body, refundText, noRefundText, latePaymentText, closing},
  bookingRefunded{subject, preview, heading, body, reasonText, partNotDoneReason, goodwillReason, chargedTwiceReason, closing},
  estimateRequestReceived{subject, heading, body, nextSteps},
  signOff,
  businessNotifications{quoteRequestSubject, contactMessageSubject, appointmentSubject, bookingPaidSubject},
  bookingMovedByOffice{subject, preview, heading, body},
  leadReply{greeting, closing},
  planConfirmation{heading, intro, visitLabel, changes},
  planVisitPlaced{subject, preview, heading, body, closing},
  planVisitUnplaced{subject, preview, heading, body, closing},
  planVisitDeclined{subject, preview, heading, body, authenticationText, actionText, actionLabel, closing},
  planVisitReleased{subject, preview, heading, body, actionText, actionLabel, closing},
  bookingReminder{subject, preview, heading, body, prepareHouse, prepareExterior, prepareCarpet, prepareCommercial, closing, manageLinkText},
  reviewRequest{subject, preview, heading, body, linkText, linkLabel, closing},
  planChanged{subject, preview, heading, skippedText, pausedText, resumedText, cancelledText, earlyCancellationText, closing, manageLinkText},
  checkoutReminderEnabled,
  checkoutReminderDelayHours,
  checkoutReminder{subject, preview, heading, body, linkText, linkLabel, stopText},
  emailPreferences{heading, body, button, done, linkInvalid, linkExpired, unavailable}
}`)

/** The wording of the text messages (reminder the day before, crew on its way, the opt-out line). */
export const textMessagesQuery = defineQuery(`*[_type == "textMessages" && _id == "textMessages"][0]{visitReminder, crewOnTheWay, optOutLine}`)

/** The texts around one booking form, and how the booking pages link to each other. */
export const bookingPageQuery = defineQuery(`{
  "page": *[_type == "bookingPage" && form == $form][0]{${seo}, heading, intro, callPrompt},
  "links": *[_type == "bookingPage"]{form, navLabel}
}`)

/**
 * A booking form's texts: those all four share ("shared", the Booking forms document) and the form's
 * own (its booking page's form texts). One query per form, each naming the fields that form shows.
 */
const bookingFormShared = /* groq */ `"shared": *[_type == "bookingForms" && _id == "bookingForms"][0]{
  customerHeading, firstNameLabel, lastNameLabel, emailLabel, phoneLabel, addressLabel, phoneHelp, dateHeading,
  textsConsentLabel, textsConsentHelp,
  dateHelp, dateLabel, windowLabel, datesLoading, datesUnavailable, noDates, chooseDateFirst, noWindows,
  extrasHeading, noExtraCharge, tipsHeading, keyInfoHeading, keyInfoHelp,
  couponHeading, couponRemoved, totalToPay, sending, connectionLost,
  plan{heading, schedule, charges, changes, earlyCancellation, noEarlyCancellation, summaryFrequency, weekly, everyOtherWeek, monthly, every3Months, every6Months},
  messages{
    countInvalid, tooLong, unsupportedCharacters, unreadableCharacters, notesInvalid, phoneInvalid,
    dateInvalid, datePast, answerMissing, extrasInvalid, tipInvalid, keyInfoInvalid, couponInvalid,
    couponApplied, dateTooSoon, dateTooFar, dateClosed, windowRequired, windowUnknown, windowFull, requestInvalid,
    unknownForm, belowMinimum, saveFailed, paymentFailed, paymentUnavailable, bookingClosed,
    alreadySubmitted, rateLimited, tooLarge, unexpected
  }
}`

export const houseFormTextsQuery = defineQuery(`{
  ${bookingFormShared},
  "own": *[_type == "bookingPage" && form == "house"][0].formTexts{
    formName, summaryHeading, pricePending, locationHeading, servicesHeading, frequencyHelp, timeHeading, timeHelp,
    roomsHeading, roomsHelp, extrasHelp, instructionsHeading, tipsHelp, notesHeading, notesLabel, notesHelp,
    messages{
      locationRequired, serviceRequired, frequencyRequired, timeRequired, minutesInvalid, parkingInvalid,
      dateRequired, firstNameRequired, lastNameRequired, emailRequired, emailInvalid, phoneRequired,
      addressRequired, failed, paymentError, noPaymentPage
    }
  }
}`)

export const carpetFormTextsQuery = defineQuery(`{
  ${bookingFormShared},
  "own": *[_type == "bookingPage" && form == "carpet"][0].formTexts{
    formName, summaryHeading, pricePending, locationHeading, frequencyHelp, rateChosen, ratesAll, roomsHeading, roomsHelp,
    notesHeading, notesLabel, notesHelp, couponHelp,
    messages{
      locationRequired, frequencyRequired, roomsRequired, dateRequired, firstNameRequired, lastNameRequired,
      emailRequired, emailInvalid, phoneRequired, addressRequired, failed, paymentError, noPaymentPage
    }
  }
}`)

export const exteriorFormTextsQuery = defineQuery(`{
  ${bookingFormShared},
  "own": *[_type == "bookingPage" && form == "exterior"][0].formTexts{
    formName, summaryHeading, servicesHeading, servicesHelp, frequencyHelp, tipsHelp, tipSummaryLabel,
    parkingSummaryLabel, notesHeading, notesLabel, notesHelp,
    messages{
      serviceRequired, frequencyRequired, parkingInvalid, dateRequired, firstNameRequired, lastNameRequired, emailRequired,
      emailInvalid, phoneRequired, addressRequired, failed, paymentError, noPaymentPage
    }
  }
}`)

export const commercialFormTextsQuery = defineQuery(`{
  ${bookingFormShared},
  "own": *[_type == "bookingPage" && form == "commercial"][0].formTexts{
    formName, summaryHeading, pricePending, locationHeading, servicesHeading, oneTimeNote, frequencyPending,
    notesHeading, notesLabel, notesHelp,
    messages{
      locationRequired, serviceRequired, frequencyRequired, frequencyNotOffered, dateRequired,
      firstNameRequired, lastNameRequired, emailRequired, emailInvalid, phoneRequired, addressRequired,
      failed, paymentError, noPaymentPage
    }
  }
}`)

/**
 * When the crews can come (the Availability document): each crew's days, hours and arrival windows
 * (the estimate visits' windows have no places: nothing counts them), and the shared closed dates,
 * lead time and horizon.
 */
export const availabilityQuery = defineQuery(`*[_type == "availability" && _id == "availability"][0]{
  "crews": {
    "indoor": indoor{workingDays, opensAt, closesAt, "windows": windows[]{start, end, capacity}},
    "exterior": exterior{workingDays, opensAt, closesAt, "windows": windows[]{start, end, capacity}},
    "commercial": commercial{workingDays, opensAt, closesAt, "windows": windows[]{start, end, capacity}},
    "estimate": estimate{workingDays, opensAt, closesAt, "windows": windows[]{start, end}}
  },
  "closedDates": coalesce(closedDates[defined(date)].date, []),
  leadDays, leadCutoff, horizonDays
}`)

/** What /success, /cancel and the manage page of a booking say. */
export const paymentPagesQuery = defineQuery(`*[_type == "paymentPages" && _id == "paymentPages"][0]{
  success{heading, loading, paid, pending, cancelled, expired, failed, unknown, homeButton, planHeading, planIntro, planNote},
  cancel{heading, status, note, formButton, contactButton},
  manage{
    heading, linkInvalid, linkExpired, linkReplaced, changeable, tooLate, cancellationRequested, notChangeable, callUs,
    moveHeading, moveButton, moved, sameWindow, cancelHeading, cancelIntro, cancelButton, cancelConfirm,
    cancelConfirmButton, keepButton, historyHeading, movedHistory, cancellationRequestedHistory, failed, unavailable
  },
  managePlan{
    heading, frequencyLabel, statusLabel, statusActive, statusPaused, statusCancelled, cardLabel, noCard, cardDeclined,
    visitsHeading, noVisits, visitNotCharged, visitCharged, visitDeclined, visitElsewhere, visitOpen, thisVisit, skipButton,
    skipped, skipCharged, skipCharging, notScheduled, pauseHeading, pauseIntro, pauseButton, paused, resumeIntro,
    resumeButton, resumed, alreadyPaused, alreadyActive, cancelHeading, cancelIntro, earlyCancellationNotice, cancelButton,
    cancelConfirm, cancelConfirmButton, keepButton, cancelled, earlyCharged, earlyNotCharged, planCancelled, cardHeading
  },
  cardUpdate{
    heading, intro, currentCard, button, saved, savedRetry, cancelled, notSaved, noPlan, planCancelled, noCard, notThisPlan,
    rateLimited, unavailable, backButton
  }
}`)

/** What an unknown address shows. */
export const notFoundPageQuery = defineQuery(
  `*[_type == "notFoundPage" && _id == "notFoundPage"][0]{heading, beforeAddress, afterAddress, homeButton, contactButton}`,
)

/** Booking sidebars: reviews and popular questions of one booking form. */
export const bookingSidebarQuery = defineQuery(`{
  "reviews": *[_type == "reviewSample" && form == $form] | order(orderRank asc){_id, text, author, stars},
  "questions": *[_type == "popularQuestion" && form == $form] | order(orderRank asc){_id, question, answer}
}`)

/**
 * The Trust band: its texts, and the stars of every published review (testimonials and the booking
 * sidebars' review samples), from which lib/trust.ts computes the rating shown.
 */
export const trustQuery = defineQuery(`{
  "trust": *[_type == "trust" && _id == "trust"][0]{
    heading, insurance{statement, carrier, amount}, vetting, guarantee, foundedYear, yearsText, ratingText
  },
  "stars": [...*[_type == "testimonial"].rating, ...*[_type == "reviewSample"].stars]
}`)

/** Everything the sitemap lists besides the fixed routes. */
export const sitemapQuery = defineQuery(`{
  "servicePages": *[_type == "servicePage" && defined(slug.current)]{"slug": slug.current, _updatedAt},
  "blogPosts": *[_type == "blogPost" && defined(slug.current)]{"slug": slug.current, _updatedAt}
}`)
