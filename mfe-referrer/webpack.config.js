// Remote 'mfe_referrer': its exposed page modules are the names fixed in docs/foundation-interfaces.md.
module.exports = require('../tools/build/webpack.app.js').createAppConfig({
  dir: __dirname,
  exposes: {
    './ReferrerDashboard': './src/pages/ReferrerDashboard/index.tsx',
    './ReferralRequests': './src/pages/ReferralRequests/index.tsx',
    './JobPosts': './src/pages/JobPosts/index.tsx',
    './GiveReferral': './src/pages/GiveReferral/index.tsx',
    './ReferrerProfile': './src/pages/ReferrerProfile/index.tsx',
    './CreateJobPost': './src/pages/CreateJobPost/index.tsx',
  },
});
