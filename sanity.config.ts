'use client'

import {defineConfig} from 'sanity'
import {presentationTool} from 'sanity/presentation'
import {structureTool} from 'sanity/structure'
import {apiVersion, dataset, studioProjectId} from './studio/env'
import {SINGLETON_TYPES, schemaTypes} from './studio/schemaTypes'
import {resolve} from './studio/presentation/resolve'
import {structure} from './studio/structure'

// Singletons, and the four booking pages (one per booking form): edited in place, never created or deleted.
const singletons = new Set<string>([...SINGLETON_TYPES, 'bookingPage'])

export default defineConfig({
  name: 'default',
  title: 'Cleaning website',
  basePath: '/studio',
  projectId: studioProjectId,
  dataset,
  apiVersion,
  plugins: [
    structureTool({structure}),
    // Live preview of drafts beside the page, with click-to-edit overlays (draft mode, app/api/draft-mode).
    presentationTool({resolve, previewUrl: {initial: '/', previewMode: {enable: '/api/draft-mode/enable', disable: '/api/draft-mode/disable'}}}),
  ],
  schema: {
    types: schemaTypes,
    // Singletons are edited in place, never created again from the "new document" menu.
    templates: (templates) => templates.filter(({schemaType}) => !singletons.has(schemaType)),
  },
  document: {
    actions: (actions, {schemaType}) =>
      singletons.has(schemaType)
        ? actions.filter(({action}) => action && ['publish', 'discardChanges', 'restore'].includes(action))
        : actions,
  },
})
