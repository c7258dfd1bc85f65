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
