/** The public address of the site, for canonical URLs, Open Graph and the sitemap. */
export const siteUrl = (process.env.SITE_URL || 'http://localhost:3000').replace(/\/+$/, '')

export function absoluteUrl(pathname: string): string {
  return `${siteUrl}${pathname.startsWith('/') ? pathname : `/${pathname}`}`
}
