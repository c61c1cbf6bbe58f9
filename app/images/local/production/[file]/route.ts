import {localImageFile} from '@/lib/content/local-dataset'
import {IMAGE_MIME_TYPES} from '@/lib/content/image-files'
import {ImagePipelineBusyError, outputFormat, parseImageTransform, transformImage} from '@/lib/content/local-images'
import {readFile} from 'node:fs/promises'
import {FILE_CONTENT_SECURITY_POLICY} from '@/lib/edge/security-headers'

/**
 * The local dataset's images, at the address and with the URL parameters of Sanity's CDN (which
 * serves them instead when a project is configured). The file name carries the content hash, so
 * every answer can be cached for good.
 */
export async function GET(request: Request, {params}: {params: Promise<{file: string}>}) {
  const found = localImageFile((await params).file)
  if (!found) return new Response('Not found', {status: 404})
  const {file, asset} = found
  const headers = {
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    // An SVG opened on its own must not run anything.
    'Content-Security-Policy': FILE_CONTENT_SECURITY_POLICY,
  }
  if (asset.extension === 'svg') {
    return new Response(new Uint8Array(await readFile(file)), {headers: {...headers, 'Content-Type': asset.mimeType}})
  }

  const searchParams = new URL(request.url).searchParams
  const transform = parseImageTransform(searchParams, asset.metadata.dimensions)
  if (!transform) return new Response('Invalid parameters', {status: 400})
  const format = outputFormat(transform, asset.extension, request.headers.get('accept') ?? '')
  let bytes: Buffer
  try {
    bytes = await transformImage(file, transform, format)
  } catch (error) {
    if (!(error instanceof ImagePipelineBusyError)) throw error
    return new Response('Busy', {status: 503, headers: {'Retry-After': '1', 'Cache-Control': 'no-store'}})
  }
  return new Response(new Uint8Array(bytes), {
    headers: {...headers, 'Content-Type': IMAGE_MIME_TYPES[format], ...(transform.autoFormat ? {Vary: 'Accept'} : {})},
  })
}
