// The part of autocannon 9's API the bench uses (the package ships no types).
declare module 'autocannon' {
  import type {EventEmitter} from 'node:events'

  namespace autocannon {
    interface Request {
      method?: string
      path?: string
      headers?: Record<string, string>
      body?: string | Buffer
      /** Called before each request is sent; returns the request to send. */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request
    }

    interface Options {
      url: string
      connections?: number
      duration?: number
      timeout?: number
      pipelining?: number
      method?: string
      headers?: Record<string, string>
      body?: string | Buffer
      requests?: Request[]
    }

    interface Result {
      duration: number
      errors: number
      timeouts: number
      non2xx: number
      resets: number
      statusCodeStats: Record<string, {count: number}>
      '2xx': number
    }

    interface Instance extends EventEmitter {
      stop(): void
    }
  }

  function autocannon(options: autocannon.Options, callback: (error: Error | null, result: autocannon.Result) => void): autocannon.Instance

  export = autocannon
}
