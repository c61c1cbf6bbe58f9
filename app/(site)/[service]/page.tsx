import type {Metadata} from 'next'
import {notFound} from 'next/navigation'
import {ServicePageView} from '@/components/service-page/ServicePageView'
import {getEditLinks, getFormSettings, getServicePage, getServicePageSlugs, getSiteSettings} from '@/lib/content'
import {pageMetadata} from '@/lib/page-metadata'
import {jsonLd, serviceData} from '@/lib/structured-data'

/*
 * The service pages (/regular-cleaning, /roof-cleaning, /mold-remediation…): one route for every
 * servicePage document. All published pages are prerendered at build time; dynamicParams stays on,
 * so a page an editor adds later renders on its first visit. Any other single-segment address that
 * no static route claims ends here too and gets the not-found page.
 */

export const dynamicParams = true

export async function generateStaticParams(): Promise<{service: string}[]> {
  const slugs = await getServicePageSlugs()
  return slugs.map((service) => ({service}))
}

export async function generateMetadata({params}: PageProps<'/[service]'>): Promise<Metadata> {
  const {service} = await params
  const page = await getServicePage(service)
  // notFound() here too, so the not-found page's own metadata (its title) applies.
  if (!page) notFound()
  return pageMetadata({seo: page.seo, path: `/${page.slug}`, image: page.hero.image})
}

export default async function ServicePageRoute({params}: PageProps<'/[service]'>) {
  const {service} = await params
  const [page, settings, forms, edit] = await Promise.all([getServicePage(service), getSiteSettings(), getFormSettings(), getEditLinks()])
  if (!page) notFound()

  return (
    <>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{__html: jsonLd(serviceData(page, settings))}}
      />
      <ServicePageView page={page} settings={settings} forms={forms} edit={edit} />
    </>
  )
}
