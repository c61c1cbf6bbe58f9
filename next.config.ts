import type {NextConfig} from 'next'

const nextConfig: NextConfig = {
  images: {
    // Sanity's CDN (a configured project). ContentImage normally asks the CDN itself for each size
    // (?w=…&auto=format&fit=max); this pattern lets next/image optimise those URLs too.
    remotePatterns: [{protocol: 'https', hostname: 'cdn.sanity.io', pathname: '/images/**'}],
    localPatterns: [
      // The local dataset's artwork, versioned with ?v=<content hash>.
      {pathname: '/content-images/**'},
      // Files in public/, without a query string.
      {pathname: '/**', search: ''},
    ],
  },
}

export default nextConfig
