'use client'

import {usePathname} from 'next/navigation'

/** The requested path (from the router, so it is in the server-rendered HTML), after an optional origin. */
export function RequestedPath({origin = ''}: {origin?: string}) {
  const pathname = usePathname()
  return <>{`${origin}${pathname}`}</>
}
