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
