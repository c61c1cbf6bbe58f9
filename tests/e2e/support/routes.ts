import {documentsOfType, getDocument} from './dataset'

/** Every marketing route of the spec with the h1 its content gives it (booking routes come later). */
export function marketingRoutes(): {path: string; heading: string}[] {
  const heading = (id: string) => getDocument<{heading: string}>(id).heading
  const services = documentsOfType<{slug: {current: string}; hero: {heading: string}}>('servicePage')
  const posts = documentsOfType<{slug: {current: string}; title: string}>('blogPost')
  return [
    {path: '/', heading: getDocument<{hero: {headline: string}}>('homePage').hero.headline},
    {path: '/about', heading: heading('aboutPage')},
    {path: '/faqs', heading: heading('faqsPage')},
    {path: '/contact', heading: heading('contactPage')},
    {path: '/blogs', heading: heading('blogsPage')},
    {path: '/legal', heading: heading('legalPage')},
    ...services.map((page) => ({path: `/${page.slug.current}`, heading: page.hero.heading})),
    ...posts.map((post) => ({path: `/blog/${post.slug.current}`, heading: post.title})),
  ]
}
