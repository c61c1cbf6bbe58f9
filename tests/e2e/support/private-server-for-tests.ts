import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {freePort, killServer, startServer, waitUntilServing, type PrivateServer} from './private-server'
import {test} from './test'

/**
 * A private server on a data directory of its own, for the tests of one describe block: started
 * before them, killed and its directory removed after them. The object returned is filled in
 * before the first test. The server is up in about a second; a first PGlite open (initdb and the
 * migrations) takes 2–8 s more on a busy machine, hence the start's own time limit.
 */
export function privateServerForTests(name: string, env: Record<string, string> = {}): PrivateServer {
  const server = {} as PrivateServer
  let dataDir = ''
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    dataDir = mkdtempSync(join(tmpdir(), `${name}-`))
    Object.assign(server, startServer({port: await freePort(), dataDir, env}))
    await waitUntilServing(server, 90_000)
  })
  test.afterAll(async () => {
    if (server.child) await killServer(server.child, 'SIGKILL')
    if (dataDir) rmSync(dataDir, {recursive: true, force: true})
  })
  return server
}
