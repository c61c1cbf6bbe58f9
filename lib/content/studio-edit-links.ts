import 'server-only'

import {createDataAttribute} from 'next-sanity'
import type {EditLinks} from './edit-links'

/** The Studio's own encoding of a field's address (next-sanity's createDataAttribute); the Studio lives at /studio. */
export const studioEditLinks: EditLinks = ({id, type}, path) => createDataAttribute({id, type, path, baseUrl: '/studio'}).toString()
