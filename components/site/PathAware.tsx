'use client'

/*
 * The site chrome's client components that read the current path. RequestedUrl (used by the 404
 * page) lives here with NavLink on purpose: the global 404 page and the (site) layout then load the
 * very same set of client modules, which the bundler ships as one shared chunk instead of two
 * near-identical copies (~5 kB gzipped saved on every page).
 */

import Link from 'next/link'
import {usePathname} from 'next/navigation'
import {useSyncExternalStore, type ReactNode} from 'react'

export type NavLinkProps = {
  href: string
  className?: string
  /** Passed to next/link (false for the booking screens). */
  prefetch?: boolean
  children: ReactNode
}

/** A navigation link that marks itself aria-current="page" on its own page. */
export function NavLink({href, className, prefetch, children}: NavLinkProps) {
  const pathname = usePathname()
  return (
    <Link href={href} className={className} prefetch={prefetch} aria-current={pathname === href ? 'page' : undefined}>
      {children}
    </Link>
  )
}

const subscribe = () => () => {}

/**
 * The requested address: the path from the router (so it is in the server-rendered HTML), after the
 * origin when one is given. The server renders the given origin; in the browser the page's real
 * origin replaces it (they differ only when the site is reached under another host than SITE_URL).
 */
export function RequestedUrl({origin}: {origin?: string}) {
  const pathname = usePathname()
  const liveOrigin = useSyncExternalStore(
    subscribe,
    () => window.location.origin,
    () => origin ?? '',
  )
  return <>{origin === undefined ? pathname : `${liveOrigin}${pathname}`}</>
}
