import {spawn} from 'node:child_process'

/**
 * A child process of a race test, standing for one server process: started with `args` (after
 * `node`), it prints `ready` once connected, waits for `go` on its stdin (so the racers start
 * together) and prints its result as one JSON line before exiting 0.
 */
export type ChildRacer<R> = {ready: Promise<void>; go(): void; result: Promise<R>}

export function startChildRacer<R>(args: string[], options: {cwd?: string} = {}): ChildRacer<R> {
  const child = spawn(process.execPath, args, {cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe']})
  let output = ''
  let errors = ''
  let markReady: () => void
  const ready = new Promise<void>((resolve) => (markReady = resolve))
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
    if (output.startsWith('ready\n')) markReady()
  })
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const result = new Promise<R>((resolve, reject) => {
    child.on('exit', (code) => {
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'))
      if (code === 0 && line) resolve(JSON.parse(line) as R)
      else reject(new Error(`racer exited with ${code}: ${errors}`))
    })
  })
  return {ready, go: () => child.stdin.end('go\n'), result}
}
