/**
 * Where content comes from. With NEXT_PUBLIC_SANITY_PROJECT_ID set, the site and the Studio use that
 * Sanity project; without it the site reads the local dataset in studio/dataset (and the Studio opens
 * against a placeholder project, studio/env.ts).
 * These values are public (the Studio runs in the browser); the read token lives in lib/content only.
 * Here in lib/ so the app reads them without importing from studio/; studio/env.ts re-exports them.
 */
export const projectId = process.env.NEXT_PUBLIC_SANITY_PROJECT_ID || process.env.SANITY_STUDIO_PROJECT_ID || ''
export const dataset = process.env.NEXT_PUBLIC_SANITY_DATASET || process.env.SANITY_STUDIO_DATASET || 'production'
export const apiVersion = '2025-10-01'
