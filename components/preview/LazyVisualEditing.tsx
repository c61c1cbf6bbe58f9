'use client'

import {lazy, Suspense, type ComponentProps} from 'react'
import type {VisualEditing} from 'next-sanity/visual-editing/client-component'

/**
 * Sanity's visual editing, fetched when an editor's preview first renders it. Every page's layout
 * can render this, so its code sits in the layout's chunk for visitors too: this stub is all they
 * carry (React.lazy, rather than next/dynamic, whose runtime would come with it).
 */
const VisualEditingClient = lazy(() =>
  import('next-sanity/visual-editing/client-component').then((module) => ({default: module.VisualEditing})),
)

export function LazyVisualEditing(props: ComponentProps<typeof VisualEditing>) {
  return (
    <Suspense>
      <VisualEditingClient {...props} />
    </Suspense>
  )
}
