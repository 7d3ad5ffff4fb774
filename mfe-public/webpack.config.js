// Remote 'mfe_public': its exposed page modules are the names fixed in docs/foundation-interfaces.md, and the
// landing's islands.
// A production build also makes the server render module of its public pages (src/ssr, docs/performance.md).
module.exports = require('../tools/build/webpack.app.js').createAppConfigs({
  dir: __dirname,
  serverEntry: './src/ssr/index.tsx',
  exposes: {
    './Landing': './src/pages/Landing/index.tsx',
    './SignIn': './src/pages/SignIn/index.tsx',
    './SignUp': './src/pages/SignUp/index.tsx',
    './CompanyList': './src/pages/CompanyList/index.tsx',
    './JobDetails': './src/pages/JobDetails/index.tsx',
    './CompanyPage': './src/pages/CompanyPage/index.tsx',
    './BecomeReferrer': './src/pages/BecomeReferrer/index.tsx',
    './ContactUs': './src/pages/ContactUs/index.tsx',
    './Premium': './src/pages/Premium/index.tsx',
    './PrivacyPolicy': './src/pages/PrivacyPolicy/index.tsx',
    './TermsAndConditions': './src/pages/TermsAndConditions/index.tsx',
    './RefundPolicy': './src/pages/RefundPolicy/index.tsx',
    './Suspended': './src/pages/Suspended/index.tsx',
    // The landing's islands: the parts the shell takes over on the server's page without the app (docs/islands.md).
    './StoriesIsland': './src/islands/StoriesIsland.tsx',
    './SubscribeIsland': './src/islands/SubscribeIsland.tsx',
    './SearchIsland': './src/islands/SearchIsland.tsx',
  },
});
