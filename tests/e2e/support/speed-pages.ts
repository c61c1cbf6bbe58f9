import {documentsOfType} from './dataset'

/**
 * The pages the speed specs measure (page weight, bytes before first paint, layout shift): one of
 * each kind a visitor meets. `form`: the page has a lead form, whose code loads on first use.
 */
export type SpeedPage = {kind: string; path: string; booking?: true; form?: true}

const blogSlug = documentsOfType<{slug: {current: string}}>('blogPost')[0].slug.current

export const SPEED_PAGES: SpeedPage[] = [
  {kind: 'home page (contact form)', path: '/', form: true},
  {kind: 'service page', path: '/deep-cleaning'},
  {kind: 'quote landing page (quote form)', path: '/roof-cleaning', form: true},
  {kind: 'blog article', path: `/blog/${blogSlug}`},
  {kind: 'blogs list', path: '/blogs'},
  {kind: 'contact page (contact form)', path: '/contact', form: true},
  {kind: 'appointment page (appointment form)', path: '/appointment', form: true},
  {kind: 'house booking screen', path: '/house_cleaning', booking: true},
  {kind: 'exterior booking screen', path: '/exterior_cleaning', booking: true},
  {kind: 'carpet booking screen', path: '/carpet_cleaning', booking: true},
  {kind: 'commercial booking screen', path: '/commercial_cleaning', booking: true},
]
