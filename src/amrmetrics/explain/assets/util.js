/* amrmetrics explain: shared helpers (escaping, number formats, the embedded data). */
"use strict";
var AM = {};

AM.esc = function (text) {
  return String(text == null ? "" : text).replace(/[&<>"']/g, function (c) {
    return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
  });
};

/* A fraction as x100 with `digits` decimals ("n/a" for null). */
AM.pct = function (x, digits) {
  if (x == null || isNaN(x)) return "n/a";
  return (100 * x).toFixed(digits == null ? 2 : digits);
};

/* A count: integers as integers, graded credits with up to 4 decimals. */
AM.count = function (x) {
  if (x == null) return "n/a";
  return Number.isInteger(x) ? String(x) : (Math.round(x * 10000) / 10000).toString();
};

AM.el = function (id) { return document.getElementById(id); };

/* The embedded JSON (one blob; every view is drawn from it). */
AM.load = function () {
  var data = JSON.parse(AM.el("amrmetrics-data").textContent);
  data.byNumber = {};
  data.pairs.forEach(function (p, k) { p.index = k; data.byNumber[p.number] = p; });
  return data;
};

/* A pair's status: zeroed (a malformed graph scored as empty), optimal, or its solver status. */
AM.status = function (pair, side) {
  if (pair.zeroed.length) return "zeroed";
  return side.status === "optimal" ? "optimal" : "uncertified";
};

AM.statusBadge = function (pair, side) {
  var s = AM.status(pair, side);
  var title = s === "zeroed" ? "malformed " + pair.zeroed.join(" and ") + " graph scored as empty" : side.status;
  return '<span class="status ' + s + '" title="' + AM.esc(title) + '">' + AM.esc(s === "uncertified" ? side.status : s) + "</span>";
};

/* The text of a packed per-pair file (gzip, then base64), unpacked by the browser. */
AM.unpack = function (b64) {
  var bytes = Uint8Array.from(atob(b64), function (c) { return c.charCodeAt(0); });
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
};

/* Offer a packed file as a download (a blob: URL, no network). */
AM.download = function (name, b64, type) {
  if (typeof DecompressionStream === "undefined") { alert("This browser cannot unpack the file (no DecompressionStream)."); return; }
  AM.unpack(b64).then(function (text) { AM.save(name, text, type); });
};

AM.save = function (name, text, type) {
  var url = URL.createObjectURL(new Blob([text], { type: type }));
  var a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
};

AM.copy = function (text, button) {
  var done = function () { var t = button.textContent; button.textContent = "copied"; setTimeout(function () { button.textContent = t; }, 1200); };
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(text).then(done, function () { AM.selectText(button); });
  } else {
    AM.selectText(button);
  }
};

/* Select the text of the <pre> after `button`, so it can be copied by hand. */
AM.selectText = function (button) {
  var pre = button.parentNode.querySelector("pre");
  var range = document.createRange();
  range.selectNodeContents(pre);
  var sel = window.getSelection();
  sel.removeAllRanges();
  sel.addRange(range);
};
