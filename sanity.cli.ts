import {defineCliConfig} from 'sanity/cli'
import {dataset, studioProjectId} from './studio/env'

export default defineCliConfig({
  api: {projectId: studioProjectId, dataset},
  typegen: {
    path: './lib/content/**/*.ts',
    schema: './studio/schema.json',
    generates: './sanity.types.ts',
    overloadClientMethods: false,
  },
})
