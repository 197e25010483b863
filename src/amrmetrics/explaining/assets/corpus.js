/* amrmetrics explain: the corpus view (scores, intervals, charts, the table of pairs). */
"use strict";

AM.interval = function (boot, avg, key) {
  var iv = boot && boot[avg] && boot[avg][key];
  if (!iv || iv[0] == null) return "";
  return '<span class="ci">[' + AM.pct(iv[0]) + ", " + AM.pct(iv[1]) + "]</span>";
};

/* The aspects of a report's scores in order: [""] for P, R, F; ["Smatch.", "Coref."] for Smatch.P, ..., Coref.F. */
AM.aspectsOf = function (scores) {
  var out = [];
  Object.keys(scores).forEach(function (k) { var a = k.slice(0, k.lastIndexOf(".") + 1); if (out.indexOf(a) < 0) out.push(a); });
  return out;
};

AM.scoreCard = function (system, headline) {
  var r = system.report, boot = r.bootstrap, rows = "";
  AM.aspectsOf(r.micro).forEach(function (aspect) {
    ["micro", "macro"].forEach(function (avg) {
      rows += "<tr><td>" + AM.esc(aspect ? aspect.slice(0, -1) + " " + avg : avg) + "</td>" + ["P", "R", "F"].map(function (k) {
        return "<td>" + AM.pct(r[avg][aspect + k]) + " " + AM.interval(boot, avg, aspect + k) + "</td>";
      }).join("") + "</tr>";
    });
  });
  var s = r.summary || {}, cert = "";
  if (s.uncertified != null) {
    cert = s.uncertified
      ? '<p class="warn">' + s.uncertified + " of " + r.pairs + " pairs not certified optimal; micro F could rise by at most " + AM.pct(s.max_f_gain, 4) + " points</p>"
      : '<p class="muted">all ' + r.pairs + " pairs certified optimal</p>";
  }
  var note = boot ? (boot.reason ? '<p class="muted">' + AM.esc(boot.reason) + "</p>"
    : '<p class="muted">95% intervals: percentile bootstrap, ' + boot.resamples + " resamples of pairs, seed " + boot.seed + "</p>") : "";
  return '<div class="card"><h3>' + AM.esc(system.name) + ': <span class="mono">' + AM.esc(system.source) + "</span></h3>" +
    '<div class="big">' + AM.esc(headline) + " " + AM.pct(r.micro[headline]) + "</div>" +
    '<table class="scores"><tr><th></th><th>P</th><th>R</th><th>F</th></tr>' + rows + "</table>" + cert + note +
    (r.notes || []).map(function (n) { return '<p class="warn">' + AM.esc(n) + "</p>"; }).join("") + "</div>";
};

AM.compareCard = function (data) {
  var c = data.comparison, rows = "";
  ["micro", "macro"].forEach(function (avg) {
    var f = c[avg][data.headline];
    var iv = f.interval && f.interval[0] != null ? " [" + AM.pct(f.interval[0]) + ", " + AM.pct(f.interval[1]) + "]" : "";
    rows += "<tr><td>" + avg + " " + AM.esc(data.headline) + "</td><td>" + AM.pct(f.a) + "</td><td>" + AM.pct(f.b) + '</td><td class="' + (f.diff >= 0 ? "win" : "loss") + '">' +
      (f.diff >= 0 ? "+" : "") + AM.pct(f.diff) + '<span class="ci">' + iv + "</span></td><td>" + (f.p == null ? "n/a" : f.p.toPrecision(3)) + "</td></tr>";
  });
  var o = c.pair_outcomes[data.headline];
  var reason = c.bootstrap.reason ? '<p class="muted">' + AM.esc(c.bootstrap.reason) + "</p>" :
    '<p class="muted">95% interval of A &minus; B: ' + AM.esc(c.bootstrap.method) + ", " + c.bootstrap.resamples + " resamples, seed " + c.bootstrap.seed +
    "; p: " + AM.esc(c.permutation.method) + ", " + c.permutation.trials + " trials</p>";
  return '<div class="card"><h3>A &minus; B</h3><table class="scores"><tr><th></th><th>A</th><th>B</th><th>A &minus; B [95%]</th><th>p</th></tr>' + rows +
    '</table><p>pair F: <span class="win">A wins ' + o.wins + '</span>, ties ' + o.ties + ', <span class="loss">A loses ' + o.losses + "</span></p>" + reason + "</div>";
};

/* A histogram as SVG: `values` in [lo, hi], `bins` bars; `signed` colors bars below 0 and above 0. */
AM.histogram = function (values, lo, hi, bins, label, signed) {
  var counts = new Array(bins).fill(0);
  values.forEach(function (v) {
    if (v == null || isNaN(v)) return;
    var k = Math.floor((v - lo) / (hi - lo) * bins);
    counts[Math.max(0, Math.min(bins - 1, k))] += 1;
  });
  var W = 420, H = 170, left = 34, bottom = 24, top = 8, most = Math.max(1, Math.max.apply(null, counts));
  var bw = (W - left - 16) / bins, out = ['<svg width="' + W + '" height="' + H + '" role="img" aria-label="' + AM.esc(label) + '">'];
  counts.forEach(function (c, k) {
    var h = (H - bottom - top) * c / most, x = left + k * bw, mid = lo + (k + 0.5) * (hi - lo) / bins;
    var cls = signed ? (Math.abs(mid) < 1e-9 ? "bar" : mid > 0 ? "bar pos" : "bar neg") : "bar";
    out.push('<rect class="' + cls + '" x="' + (x + 1).toFixed(1) + '" y="' + (H - bottom - h).toFixed(1) + '" width="' + (bw - 2).toFixed(1) + '" height="' + h.toFixed(1) +
      '"><title>' + AM.pct(lo + k * (hi - lo) / bins, 0) + " to " + AM.pct(lo + (k + 1) * (hi - lo) / bins, 0) + ": " + c + " pairs</title></rect>");
  });
  for (var t = 0; t <= 4; t++) {
    var x = left + t * (W - left - 16) / 4;
    out.push('<text x="' + x + '" y="' + (H - 8) + '" text-anchor="middle">' + AM.pct(lo + t * (hi - lo) / 4, 0) + "</text>");
  }
  out.push('<text x="' + (left - 4) + '" y="' + (top + 8) + '" text-anchor="end">' + most + '</text><text x="' + (left - 4) + '" y="' + (H - bottom) + '" text-anchor="end">0</text></svg>');
  return '<div class="chart"><h3>' + AM.esc(label) + "</h3>" + out.join("") + "</div>";
};

/* The fine-grained aspects of one system as horizontal bars of micro F. */
AM.aspectBars = function (fine) {
  var aspects = Object.keys(fine.summary.aspects), W = 420, row = 20, left = 120;
  var out = ['<svg width="' + W + '" height="' + (aspects.length * row + 10) + '" role="img" aria-label="fine-grained aspects">'];
  aspects.forEach(function (a, k) {
    var f = fine.micro[a + ".F"], y = 4 + k * row, w = f == null ? 0 : (W - left - 60) * f;
    var c = fine.summary.aspects[a];
    out.push('<text x="' + (left - 6) + '" y="' + (y + 12) + '" text-anchor="end">' + AM.esc(a) + "</text>" +
      '<rect class="bar" x="' + left + '" y="' + y + '" width="' + w.toFixed(1) + '" height="' + (row - 6) + '"><title>' + AM.esc(a) + ": P " + AM.pct(fine.micro[a + ".P"]) +
      ", R " + AM.pct(fine.micro[a + ".R"]) + ", F " + AM.pct(f) + " (matched " + AM.count(c.matched) + ", test " + AM.count(c.n_test) + ", gold " + AM.count(c.n_gold) + ", " + c.pairs + " pairs)</title></rect>" +
      '<text x="' + (left + w + 4).toFixed(1) + '" y="' + (y + 12) + '">' + (f == null ? "n/a" : AM.pct(f, 1)) + "</text>");
  });
  out.push("</svg>");
  var open = fine.summary.uncertified_subgraphs, warn = open ? '<p class="warn" id="aspects-uncertified">' + open +
    " aspect alignment(s) not certified optimal: their counts are lower bounds</p>" : "";
  return '<div class="chart"><h3>Fine-grained aspects (micro F)</h3>' + out.join("") + warn + '<p class="muted mono">' + AM.esc(fine.signature) + "</p></div>";
};

AM.renderCorpus = function (data) {
  var compare = data.kind === "compare", html = [];
  html.push("<h2>" + data.pairs.length + " pairs &middot; " + AM.esc(data.metric) + " against " + '<span class="mono">' + AM.esc(data.gold) + "</span></h2>");
  html.push('<div class="cards">' + data.systems.map(function (s) { return AM.scoreCard(s, data.headline); }).join("") + (compare ? AM.compareCard(data) : "") + "</div>");
  html.push('<p>signature: <span class="signature" id="signature">' + AM.esc(data.signature) + "</span></p>");
  if (data.errors.length) {
    html.push('<h3 class="warn">' + data.errors.length + " malformed graph(s), on-error " + AM.esc(data.on_error.policy) + "</h3><ul class=\"errors\">" +
      data.errors.map(function (e) { return "<li>" + AM.esc(e) + "</li>"; }).join("") + "</ul>");
  }
  var charts = [];
  if (compare) {
    charts.push(AM.histogram(data.pairs.map(function (p) { return p.sides[0].scores.F - p.sides[1].scores.F; }), -1, 1, 40, "Per-pair F of A minus B", true));
  }
  data.systems.forEach(function (s, k) {
    charts.push(AM.histogram(data.pairs.map(function (p) { return p.sides[k].scores.F; }), 0, 1, 20, "Per-pair F" + (compare ? " of " + s.name : ""), false));
    if (s.fine) charts.push(AM.aspectBars(s.fine));
  });
  html.push('<div class="charts">' + charts.join("") + "</div>");
  html.push('<div class="toolbar"><input type="search" id="filter" placeholder="filter by id or sentence" aria-label="filter pairs">' +
    '<span class="muted" id="shown"></span><span style="flex:1"></span>per-pair results: <button id="get-tsv">TSV</button><button id="get-jsonl">JSONL</button></div>');
  html.push('<table class="pairs" id="pairs"><thead><tr></tr></thead><tbody></tbody></table>');
  AM.el("corpus-view").innerHTML = html.join("");
  AM.el("get-tsv").onclick = function () { AM.download("pairs.tsv", data.per_pair.tsv, "text/tab-separated-values"); };
  AM.el("get-jsonl").onclick = function () { AM.download("pairs.jsonl", data.per_pair.jsonl, "application/jsonl"); };
  AM.pairTable(data);
};
