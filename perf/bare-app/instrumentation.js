// Empty on purpose. Without a file of its own here, Turbopack (whose root is the repository, where
// node_modules is) builds the site's instrumentation.ts into this app, which would open a database.
export function register() {}
