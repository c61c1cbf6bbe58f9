// Guard run before every npm script that executes project code (see package.json "scripts").
// npm puts node_modules/.bin first on PATH, so inside npm scripts `node` is the pinned `node`
// devDependency (Node 24). Anything else means the script was started some other way.
// Keep this file free of modern syntax so that it runs (and explains itself) on any old Node.
var required = 24;
var found = process.versions.node;
var major = Number(found.split('.')[0]);

if (major !== required) {
  process.stderr.write(
    'This project needs Node ' + required + ' (found v' + found + '). ' +
      'Run it through npm scripts, which use the pinned node devDependency: npm start / npm test.\n'
  );
  process.exit(1);
}
