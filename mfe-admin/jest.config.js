module.exports = require('../tools/test/jest.web.js')(__dirname);
