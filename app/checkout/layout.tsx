import '@/styles/globals.css'
import type {ReactNode} from 'react'

/**
 * The local test checkout (/checkout/test/<id>) stands in for the payment provider's hosted page,
 * so it has the site's styles but not its header and footer.
 */
export default function CheckoutLayout({children}: {children: ReactNode}) {
  return (
    <main id="main" tabIndex={-1} className="site-main">
      {children}
    </main>
  )
}
