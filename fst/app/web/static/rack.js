// The clickable rack of the search page: a tile adds its letter (or a blank '?') to the rack
// field, ⌫ takes the last tile off, ✕ empties it.
(function () {
  "use strict";
  function init() {
    var rack = document.getElementById("rack");
    var tiles = document.getElementById("tiles");
    if (!rack || !tiles) return;
    tiles.addEventListener("click", function (ev) {
      var button = ev.target.closest("button.tile");
      if (!button) return;
      var action = button.getAttribute("data-action");
      if (action === "clear") rack.value = "";
      else if (action === "back") rack.value = Array.from(rack.value).slice(0, -1).join("");
      else rack.value += button.getAttribute("data-letter");
      rack.focus();
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
