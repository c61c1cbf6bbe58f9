import '@/styles/globals.css'
import {SiteShell} from '@/components/site/SiteShell'

/** Every public page: the site's styles and chrome. (The Studio at /studio is outside this group.) */
export default function SiteLayout({children}: {children: React.ReactNode}) {
  return <SiteShell>{children}</SiteShell>
}
