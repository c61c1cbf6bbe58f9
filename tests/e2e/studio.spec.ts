import {expect, test} from './support/test'

test('the Studio loads at /studio without the site chrome and, offline, says it cannot reach Sanity', async ({page}) => {
  // The Studio's bundle is megabytes of JavaScript: 5 s alone, but more than 30 s once measured
  // while two other workers load pages on a 2-core machine. Waited for, not slept.
  test.slow()
  const response = await page.goto('/studio')
  expect(response?.status()).toBe(200)
  // No network here: the Studio starts and reports that it cannot reach Sanity's servers.
  await expect(page.getByText("Couldn't reach the Sanity servers")).toBeVisible({timeout: 120_000})
  await expect(page.getByRole('link', {name: 'Skip to main content'})).toHaveCount(0)
  await expect(page.getByRole('navigation', {name: 'Main'})).toHaveCount(0)
})
