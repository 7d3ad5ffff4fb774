#!/usr/bin/env node
// The release commands (release/README.md): `referio-release <command> …`.
require('../dist/cli.js')
  .main(process.argv.slice(2))
  .then(
    (code) => process.exit(code),
    (err) => {
      console.error(err && err.message ? err.message : err);
      process.exit(1);
    },
  );
