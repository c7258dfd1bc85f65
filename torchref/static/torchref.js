// The language switch keeps the reader's place: the anchor in the URL, or else the entry or
// section nearest the top of the window, and the query of the search page.
(function () {
  function placeInView() {
    // The last entry or section whose top has scrolled above the top fifth of the window.
    var line = window.innerHeight / 5;
    var found = "";
    document.querySelectorAll("article dt[id], article section[id]").forEach(function (element) {
      if (element.getBoundingClientRect().top <= line) found = element.id;
    });
    return found;
  }

  function switchTarget(link) {
    var base = link.getAttribute("href").split("#")[0].split("?")[0];
    var hash = window.location.hash || (window.scrollY > 0 && placeInView() ? "#" + placeInView() : "");
    var query = /\/search\.html$/.test(base) ? window.location.search : "";
    return base + query + hash;
  }

  function syncSwitchAnchors() {
    document.querySelectorAll("a[data-keep-anchor]").forEach(function (link) {
      link.setAttribute("href", switchTarget(link));
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    syncSwitchAnchors();
    document.querySelectorAll("a[data-keep-anchor]").forEach(function (link) {
      // at the moment of leaving, so the place is where the reader scrolled to
      ["pointerdown", "focus", "click"].forEach(function (event) {
        link.addEventListener(event, function () { link.setAttribute("href", switchTarget(link)); });
      });
    });
  });
  window.addEventListener("hashchange", syncSwitchAnchors);
})();

// Phones: since pydata-sphinx-theme 0.17 a page holds two .primary-toggle (and two .secondary-toggle)
// buttons, and the theme's and sphinx-book-theme's scripts bind document.querySelector's first one:
// the header's, which this site hides. The article header's buttons then open nothing. Forward
// their clicks (touch, mouse, Enter, Space) to the bound button. Upstream, still open:
// pydata-sphinx-theme issue 2451, sphinx-book-theme issue 988; remove this once they are fixed.
(function () {
  function forwardToggles() {
    [".primary-toggle", ".secondary-toggle"].forEach(function (selector) {
      var toggles = document.querySelectorAll(selector);
      Array.prototype.slice.call(toggles, 1).forEach(function (toggle) {
        toggle.addEventListener("click", function (event) {
          event.preventDefault();
          event.stopPropagation();
          toggles[0].click();
        });
      });
    });
  }
  // The not-found page has a <base>: keep its in-page links (the skip link) on the page.
  function keepInPageLinks() {
    if (!document.querySelector("base[href]")) return;
    document.querySelectorAll('a[href^="#"]').forEach(function (link) {
      link.setAttribute("href", window.location.pathname + window.location.search + link.getAttribute("href"));
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", forwardToggles);
    document.addEventListener("DOMContentLoaded", keepInPageLinks);
  } else {
    forwardToggles();
    keepInPageLinks();
  }
})();
