// Remote 'mfe_chat': its exposed page modules are the names fixed in docs/foundation-interfaces.md.
module.exports = require('../tools/build/webpack.app.js').createAppConfig({
  dir: __dirname,
  exposes: {
    './Chat': './src/pages/Chat/index.tsx',
  },
});
