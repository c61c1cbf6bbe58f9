import {iconSprite} from '@/components/ui/icon-shapes'

// Built once; pages ask for /icons.svg?v=<version>, and a new version is a new address, so the file
// may be cached for good.
export const dynamic = 'force-static'

export function GET() {
  return new Response(iconSprite(), {
    headers: {'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable'},
  })
}
