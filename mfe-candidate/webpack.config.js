// Remote 'mfe_candidate': its exposed page modules are the names fixed in docs/foundation-interfaces.md.
module.exports = require('../tools/build/webpack.app.js').createAppConfig({
  dir: __dirname,
  exposes: {
    './UserDashboard': './src/pages/UserDashboard/index.tsx',
    './Explore': './src/pages/Explore/index.tsx',
    './MyReferralRequests': './src/pages/MyReferralRequests/index.tsx',
    './Profile': './src/pages/Profile/index.tsx',
    './UpgradeToPremium': './src/pages/UpgradeToPremium/index.tsx',
  },
});
