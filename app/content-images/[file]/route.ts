import {readLocalImage} from '@/lib/content/local-dataset'

/** Serves the local dataset's artwork (Sanity's CDN serves it when a project is configured). */
export async function GET(request: Request, {params}: {params: Promise<{file: string}>}) {
  const image = readLocalImage((await params).file)
  if (!image) return new Response('Not found', {status: 404})
  // URLs carry a content hash (?v=…), so a versioned request can be cached for good.
  const versioned = new URL(request.url).searchParams.has('v')
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      'Content-Type': image.contentType,
      'Cache-Control': versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      'X-Content-Type-Options': 'nosniff',
      // An SVG opened on its own must not run anything.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  })
}
