import {createServer} from 'node:net'

/** A TCP port on 127.0.0.1 that nothing listens on (bound, then closed): connections are refused. */
export async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as {port: number}
      server.close(() => resolve(port))
    })
  })
}
