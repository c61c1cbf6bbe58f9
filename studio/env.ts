/**
 * The Sanity project, dataset and API version the Studio and the site share (defined in
 * lib/content/sanity-env.ts, which the app reads). Without a project the Studio opens against a
 * placeholder project it cannot reach (expected offline).
 */
import {projectId} from '../lib/content/sanity-env.ts'

export {apiVersion, dataset, projectId} from '../lib/content/sanity-env.ts'

/** Placeholder used only so the Studio can start when no project is configured. */
export const studioProjectId = projectId || 'notconfigured'
