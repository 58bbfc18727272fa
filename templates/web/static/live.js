// Keeps a page's live part (.answer[data-live]) up to date without reloading it: every few
// seconds the same address is fetched again and the part replaced when its text changed. The
// part is an aria-live="polite" region, so a screen reader says the change. Without scripts
// the page still works: a <noscript> refresh reloads it.
(function () {
  "use strict";
  var live = document.querySelector("[data-live]");
  if (!live || !window.fetch || !window.DOMParser) return;
  var every = (parseInt(live.getAttribute("data-live"), 10) || 3) * 1000;
  function check() {
    fetch(window.location.href, { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (text) {
        if (text === null) return;
        var fresh = new DOMParser().parseFromString(text, "text/html").querySelector("[data-live]");
        if (fresh && fresh.textContent !== live.textContent) {
          live.innerHTML = fresh.innerHTML;
          var title = new DOMParser().parseFromString(text, "text/html").title;
          if (title) document.title = title;
        }
      })
      .catch(function () {})
      .then(function () { window.setTimeout(check, every); });
  }
  window.setTimeout(check, every);
})();
