// Pages the server rendered (shell/server/src/pages/document.ts): the page is HTML that works on its own (its links are plain
// links, a search box submits as a form), so the app's scripts are not run with the first screen. They start
// (the scripts `data-scripts`, in order; `data-preloads` fetched at low priority; React then takes the page over:
// bootstrap.tsx, hydrateRoot) at the first sign of use, or once the page has been left idle:
// - use: a pointer or a touch on the page, a key, a focus, a scroll (the visitor is about to act);
// - idle: IDLE_AFTER_LOAD_MS after the load event, when the browser has nothing else to do;
// - at once (after the first paint) when the page shows a spinner (it came without its data), when the server says so
//   (`data-start="now"`: a visitor with a session on a page rendered for everyone, whose personal parts are the app's)
//   or when the address's fragment carries a parameter (`/sign-in#link=…`: a mailed link the page acts on).
// Until React has taken over (bootstrap.tsx fires `referio:hydrated`; then <html data-hydrated>), what needs the app is held and done
// afterwards: a click on a button (not a link: a link navigates to the server's page; not a disclosure's <summary>:
// the browser opens it, as the header's menu), a form sent (except a
// search form with a named field, which the server answers as it is). Text typed and boxes ticked in the HTML before
// then are handed to React as the visitor left them (React keeps a field's text on hydration but its state does not
// know it; a form library may even reset the field while taking it over).
(function () {
  var IDLE_AFTER_LOAD_MS = 3000;
  var me = document.currentScript;
  var list = function (name) {
    return (me.getAttribute(name) || '').split(' ').filter(Boolean);
  };
  var scripts = list('data-scripts');
  var preloads = list('data-preloads');
  var USE = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel', 'mousemove'];
  var started = false;
  var hydrated = false;
  /** The click or form submission that came before React took over: replayed after. */
  var pending = null;

  function start() {
    if (started) return;
    started = true;
    USE.forEach(function (type) {
      window.removeEventListener(type, start, { capture: true, passive: true });
    });
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

  USE.forEach(function (type) {
    window.addEventListener(type, start, { capture: true, passive: true });
  });
  // A page that shows a spinner came without its data (the server's call to the API failed or took too long): the
  // app fetches it, so it starts once the HTML has painted, as it did before.
  if (
    document.querySelector('#root .rf-spinner') ||
    me.getAttribute('data-start') === 'now' ||
    /^#[\w-]+=/.test(window.location.hash)
  ) {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  // data-idle="hold": the bundle budget's measurement of the first screen alone (shell/server/src/pages/document.ts).
  if (me.getAttribute('data-idle') !== 'hold') {
    window.addEventListener('load', function () {
      setTimeout(function () {
        if (window.requestIdleCallback) window.requestIdleCallback(start, { timeout: 2000 });
        else start();
      }, IDLE_AFTER_LOAD_MS);
    });
  }

  // A button clicked before React took over: the app does it once it has.
  document.addEventListener(
    'click',
    function (event) {
      if (hydrated || !(event.target instanceof Element)) return;
      var button = event.target.closest('button, [role="button"]');
      if (!button || event.target.closest('a[href]')) return;
      if (button.type === 'submit' && button.form) return; // the form's submit event decides
      event.preventDefault();
      event.stopPropagation();
      pending = { kind: 'click', el: button };
      start();
    },
    true,
  );
  document.addEventListener(
    'submit',
    function (event) {
      if (hydrated) return;
      var form = event.target;
      // A search form with a named field: the browser sends it and the server renders the results.
      if (form.getAttribute('role') === 'search' && form.querySelector('input[name]')) return;
      event.preventDefault();
      event.stopPropagation();
      pending = { kind: 'submit', el: form, submitter: event.submitter || null };
      start();
    },
    true,
  );

  /** What the visitor typed or ticked before React took over, by field: its text, or whether it is checked. */
  var given = new Map();
  var isBox = function (field) {
    return field.type === 'checkbox' || field.type === 'radio';
  };
  function noteGiven(event) {
    var field = event.target;
    if (hydrated || !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement))
      return;
    if (field.type === 'file' || !field.closest('#root')) return;
    if (field.type === 'radio' && field.form) {
      // Checking one radio unchecks the others of its group: only the checked one is handed over.
      var group = field.form.querySelectorAll('input[type="radio"]');
      for (var g = 0; g < group.length; g++)
        if (group[g].name === field.name) given.delete(group[g]);
    }
    given.set(field, isBox(field) ? field.checked : field.value);
  }
  document.addEventListener('input', noteGiven, true);
  document.addEventListener('change', noteGiven, true);

  /** Tells React what the visitor gave each field before it took them over (it fires the field's onChange). */
  function handOverTyped() {
    var fields = document.querySelectorAll('#root input, #root textarea');
    for (var i = 0; i < fields.length; i++) {
      var field = fields[i];
      if (field.type === 'file') continue;
      if (isBox(field)) {
        // A click checks it (or, a checkbox, toggles it) and fires the events React listens to.
        if (
          given.has(field) &&
          given.get(field) !== field.checked &&
          !(field.type === 'radio' && !given.get(field))
        )
          field.click();
        continue;
      }
      // What was typed (a field the browser filled on its own, as on Back, counts if it differs from the HTML's).
      var typed = given.has(field) ? given.get(field) : field.value;
      if (typed === field.defaultValue && field.value === typed) continue;
      var proto = Object.getPrototypeOf(field);
      var native = Object.getOwnPropertyDescriptor(proto, 'value');
      // React's value tracker is given another value, then the field gets the typed text past the tracker (the
      // prototype's setter), so the input event reads as a change.
      field.value = typed === '' ? ' ' : '';
      if (native && native.set) native.set.call(field, typed);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }

  window.addEventListener('referio:hydrated', function () {
    if (hydrated) return;
    hydrated = true;
    document.documentElement.setAttribute('data-hydrated', '');
    handOverTyped();
    var action = pending;
    pending = null;
    if (!action) return;
    // In a task of its own (React has rendered what the typed text changed before the click or the form uses it).
    // A part of the page whose code comes later (a lazy section such as the landing's stories) is taken over
    // when it arrives: the action waits for its element to be React's (React marks the nodes it owns with a
    // `__reactProps$…` key), up to TAKE_OVER_WAIT_MS.
    var TAKE_OVER_WAIT_MS = 5000;
    var since = Date.now();
    var owned = function (el) {
      return Object.keys(el).some(function (k) {
        return k.indexOf('__reactProps$') === 0;
      });
    };
    function attempt() {
      if (!action.el.isConnected) return;
      if (!owned(action.el) && Date.now() - since < TAKE_OVER_WAIT_MS) {
        setTimeout(attempt, 50);
        return;
      }
      if (action.kind === 'click') action.el.click();
      else if (action.el.requestSubmit) action.el.requestSubmit(action.submitter);
    }
    setTimeout(attempt, 0);
  });
})();
