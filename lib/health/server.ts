import 'server-only'

import {readFileSync} from 'node:fs'
import path from 'node:path'
import {version as packageVersion} from '../../package.json'
import {getDatabaseFunctions} from '../database'
import {createOutboxStore} from '../email/outbox'
import {checkHealth, describeVersion, healthResponse} from './check'

/** The health check wired to this process's database and build (app/api/health). */

let version: string | undefined

/** The package version and the id of the build being served (.next/BUILD_ID), read once. */
function currentVersion(): string {
  if (version === undefined) {
    let buildId: string | null = null
    // `next dev` serves no build (a BUILD_ID left by an earlier build would name the wrong code).
    if (process.env.NODE_ENV === 'production') {
      try {
        buildId = readFileSync(path.join(/* turbopackIgnore: true */ process.cwd(), '.next', 'BUILD_ID'), 'utf8')
      } catch {
        // Not built here: the version says so.
      }
    }
    version = describeVersion(packageVersion, buildId)
  }
  return version
}

let lastFailureLogged = 0

export async function healthCheckResponse(): Promise<Response> {
  return healthResponse(
    await checkHealth({
      oldestUnsentEmailSeconds: async () => createOutboxStore(await getDatabaseFunctions()).oldestUnsentSeconds(),
      version: currentVersion(),
      logFailure: (error) => {
        // A load balancer polls every few seconds: once a minute is enough to tell why.
        if (Date.now() - lastFailureLogged < 60_000) return
        lastFailureLogged = Date.now()
        console.error('[health] The database cannot be reached:', error)
      },
    }),
  )
}
