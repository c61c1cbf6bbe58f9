import {expect, test} from './support/test'
import fc from 'fast-check'
import {describeHttpRequest, fuzzHttpRequest, fuzzUrl} from './support/fuzz-requests'

/**
 * Random and malformed requests to the running site (support/fuzz-requests.ts: paths under every
 * route with broken percent-escapes, encoded slashes and dots, raw Unicode and very long segments;
 * random queries, methods, framework and proxy headers, small bodies): every answer is below 500.
 * Eight requests at a time; fixed seeds, so a failure names the same request on every run. The
 * 1,200 requests are six tests of 200, each with its own seed and timeout, so they spread over the
 * workers and a slow machine never runs one long test out of time.
 */

const SEED = 20_261_123
const PARTS = 6
const RUNS_PER_PART = 25
const BATCH = 8

for (let part = 0; part < PARTS; part++) {
  test(`random and malformed requests to any route are answered without a 5xx (part ${part + 1} of ${PARTS})`, async ({request, baseURL}) => {
    test.setTimeout(90_000)
    if (!baseURL) throw new Error('The fuzz test needs the baseURL of the site')

    const batches = fc.array(fuzzHttpRequest, {minLength: BATCH, maxLength: BATCH})
    await fc.assert(
      fc.asyncProperty(batches, async (batch) => {
        const statuses = await Promise.all(
          batch.map(async (fuzzed) => {
            const response = await request.fetch(fuzzUrl(baseURL, fuzzed.path), {
              method: fuzzed.method,
              headers: fuzzed.headers,
              ...(fuzzed.body === undefined ? {} : {data: fuzzed.body}),
              maxRedirects: 0,
              failOnStatusCode: false,
              timeout: 30_000,
            })
            const status = response.status()
            await response.dispose()
            return status
          }),
        )
        statuses.forEach((status, index) => expect(status, `${status} for ${describeHttpRequest(batch[index])}`).toBeLessThan(500))
      }),
      {seed: SEED + part, numRuns: RUNS_PER_PART},
    )
  })
}
