/*
 * Starts the app of a server-rendered page once the page has painted (the router's asset manifest
 * names it, src/client/router-manifest.ts): the HTML is readable at once, so the code that makes
 * it interactive does not compete with the stylesheets and the first images for the connection.
 * The root route's tag names the entry (data-entry); every tag may name modules to preload.
 */
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var preload = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  function start() {
    preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (!entry) return;
    var main = document.createElement('script');
    main.type = 'module';
    main.crossOrigin = '';
    main.src = entry;
    document.head.appendChild(main);
  }
  // After the first frame: a deferred script runs once the stylesheets are in, just before painting.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
