'use client'

import Link from 'next/link'
import {usePathname} from 'next/navigation'
import type {ReactNode} from 'react'

export type NavLinkProps = {
  href: string
  className?: string
  children: ReactNode
}

/** A navigation link that marks itself aria-current="page" on its own page. */
export function NavLink({href, className, children}: NavLinkProps) {
  const pathname = usePathname()
  const current = pathname === href
  return (
    <Link href={href} className={className} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  )
}
