/** Defaults only, like a new app: the floor for npm run perf and npm run bench. */
const config = {}
export default config
