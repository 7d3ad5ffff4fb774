// The remote's entry. Its pages are loaded through the exposed modules (see webpack.config.js), never from here.
export {};
