// The language switch keeps the reader's place: carry the current anchor over.
(function () {
  function syncSwitchAnchors() {
    document.querySelectorAll("a[data-keep-anchor]").forEach(function (link) {
      var base = link.getAttribute("href").split("#")[0];
      link.setAttribute("href", base + window.location.hash);
    });
  }
  document.addEventListener("DOMContentLoaded", syncSwitchAnchors);
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
