/**
 * Runs npm scripts at the same time, each with its output held back and printed whole when it ends
 * (in the order given, so two logs never interleave), and fails if any of them fails. `npm test`
 * runs the lint and the type check this way: each is single-threaded, and two cores do both in the
 * time of the longer one.
 *
 *   node scripts/run-parallel.mjs lint typecheck
 */
import {spawn} from 'node:child_process'

const names = process.argv.slice(2)
if (names.length === 0) {
  console.error('Usage: node scripts/run-parallel.mjs <npm script> [<npm script> …]')
  process.exit(2)
}

const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', name], {stdio: ['ignore', 'pipe', 'pipe']})
      let output = ''
      child.stdout.on('data', (chunk) => (output += chunk))
      child.stderr.on('data', (chunk) => (output += chunk))
      child.on('error', (error) => resolve({name, code: 1, output: `${output}${error.message}\n`}))
      child.on('close', (code, signal) => resolve({name, code: code ?? 1, signal, output}))
    }),
)

let failed = 0
for (const run of runs) {
  const {name, code, signal, output} = await run
  process.stdout.write(output)
  if (code !== 0) {
    failed++
    console.error(`\nnpm run ${name} failed (${signal ? `signal ${signal}` : `exit code ${code}`})`)
  }
}
process.exit(failed > 0 ? 1 : 0)
