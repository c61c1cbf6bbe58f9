// The floor every page of the site is measured against (npm run perf, npm run bench): a bare
// Next.js app of the same version, one page with an h1 and a paragraph, built and served the same way.
export const metadata = {title: 'Bare Next.js page', description: 'The floor the site is measured against.'}

export default function RootLayout({children}) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
