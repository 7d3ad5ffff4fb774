// Pages the server rendered (shell/server/pages.mjs): the HTML paints on its own, so the app's scripts are requested
// once it has painted, instead of sharing a slow connection with the HTML and the first paint. React then
// takes the page over (bootstrap.tsx, hydrateRoot). The scripts and preloads are the ones index.html lists,
// moved here by the server: `data-scripts` run in order, `data-preloads` are fetched at low priority.
(function () {
  var me = document.currentScript;
  var list = function (name) {
    return (me.getAttribute(name) || '').split(' ').filter(Boolean);
  };
  var scripts = list('data-scripts');
  var preloads = list('data-preloads');
  function load() {
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = href;
      link.setAttribute('fetchpriority', 'low');
      document.head.appendChild(link);
    });
    scripts.forEach(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      document.head.appendChild(script);
    });
  }
  // After the next frame has been painted.
  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
})();
