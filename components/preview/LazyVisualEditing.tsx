'use client'

import {lazy, Suspense, type ComponentProps} from 'react'
import type PreviewClient from './PreviewClient'

/**
 * The preview's client code (Sanity's visual editing, and the page following the content as it
 * changes), fetched when an editor's preview first renders it. Every page's layout can render this,
 * so its code sits in the layout's chunk for visitors too: this stub is all they carry (React.lazy,
 * rather than next/dynamic, whose runtime would come with it).
 */
const PreviewClientLazy = lazy(() => import('./PreviewClient'))

export function LazyVisualEditing(props: ComponentProps<typeof PreviewClient>) {
  return (
    <Suspense>
      <PreviewClientLazy {...props} />
    </Suspense>
  )
}
