// Remote 'mfe_admin': the operator console, loaded by the shell only for operators (docs/trust-and-safety.md).
module.exports = require('../tools/build/webpack.app.js').createAppConfig({
  dir: __dirname,
  exposes: {
    './AdminConsole': './src/pages/AdminConsole/index.tsx',
  },
});
