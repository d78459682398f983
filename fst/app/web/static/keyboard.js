// Latin keys type Greek as the standard Greek keyboard layout does (fst/app/web/keyboard.py has
// the table, put in the page as JSON): a→α, u→θ, c→ψ, v→ω, w→ς, W→Σ; the ';' key is the
// layout's dead accent (';' then a vowel gives ά), ':' its diaeresis (':' then ι gives ϊ).
// Typing on a Greek layout, pasting, and keys with Ctrl/Alt/Meta are left alone.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("dektes-keymap").textContent);
  var keys = data.keys, dead = data.dead;

  function insert(field, text) {
    var start = field.selectionStart, end = field.selectionEnd;
    if (start === null || start === undefined) { field.value += text; return; }
    field.setRangeText(text, start, end, "end");
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function attach(field) {
    var pending = "";  // combining marks of the dead keys pressed before this key
    field.addEventListener("keydown", function (ev) {
      if (ev.ctrlKey || ev.altKey || ev.metaKey || ev.isComposing) return;
      var k = ev.key;
      if (Object.prototype.hasOwnProperty.call(dead, k)) {
        ev.preventDefault();
        pending += dead[k];
        return;
      }
      if (k.length !== 1) return;  // Backspace, arrows, Enter …
      var out = Object.prototype.hasOwnProperty.call(keys, k) ? keys[k] : null;
      if (out === null && !pending) return;  // a Greek layout, digits, '?' and '*' as typed
      ev.preventDefault();
      var ch = out === null ? k : out;
      if (pending) {
        var composed = (ch + pending).normalize("NFC");
        // a mark the letter does not take (κ + tonos) is dropped, as the layout drops it
        ch = composed.length === 1 ? composed : ch;
        pending = "";
      }
      insert(field, ch);
    });
    field.addEventListener("blur", function () { pending = ""; });
  }

  function init() {
    var fields = document.querySelectorAll("input.greek, textarea.greek");
    for (var i = 0; i < fields.length; i++) attach(fields[i]);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
