// Ports for servers the tools and tests start beside the stack's fixed ones. CommonJS, so that the e2e
// journeys (TypeScript run as CommonJS) and the ES-module tools both load it.
const net = require('node:net');

/** A port nothing listens on at 127.0.0.1 now (the system picks it; free until someone takes it). */
exports.freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
