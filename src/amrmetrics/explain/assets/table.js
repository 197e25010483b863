/* amrmetrics explain: the table of pairs, sortable by any column and filtered by id or sentence. */
"use strict";

AM.columns = function (data) {
  var num = function (label, value, fmt) { return { label: label, num: true, value: value, cell: function (p) { return fmt(value(p)); } }; };
  var cols = [
    { label: "#", num: true, value: function (p) { return p.number; }, cell: function (p) { return '<a href="#pair-' + p.number + '">' + p.number + "</a>"; } },
    { label: "id", value: function (p) { return p.id || ""; }, cell: function (p) { return AM.esc(p.id || ""); } },
    { label: "sentence", value: function (p) { return p.sentence || ""; }, cell: function (p) { return AM.esc(p.sentence || ""); }, cls: "snt" }
  ];
  if (data.kind === "compare") {
    cols.push(num("|A|", function (p) { return p.sides[0].stats.n_test; }, AM.count));
    cols.push(num("|B|", function (p) { return p.sides[1].stats.n_test; }, AM.count));
    cols.push(num("|gold|", function (p) { return p.sides[0].stats.n_gold; }, AM.count));
    cols.push(num("F A", function (p) { return p.sides[0].scores.F; }, AM.pct));
    cols.push(num("F B", function (p) { return p.sides[1].scores.F; }, AM.pct));
    cols.push({ label: "A \u2212 B", num: true, value: function (p) { return p.sides[0].scores.F - p.sides[1].scores.F; }, cell: function (p) {
      var d = p.sides[0].scores.F - p.sides[1].scores.F;
      return '<span class="' + (d > 1e-9 ? "win" : d < -1e-9 ? "loss" : "") + '">' + (d > 0 ? "+" : "") + AM.pct(d) + "</span>";
    } });
  } else {
    cols.push(num("|test|", function (p) { return p.sides[0].stats.n_test; }, AM.count));
    cols.push(num("|gold|", function (p) { return p.sides[0].stats.n_gold; }, AM.count));
    cols.push(num("matched", function (p) { return p.sides[0].stats.matched; }, AM.count));
    ["P", "R", "F"].forEach(function (k) { cols.push(num(k, function (p) { return p.sides[0].scores[k]; }, AM.pct)); });
  }
  cols.push({ label: "status", value: function (p) { return p.sides.map(function (s) { return AM.status(p, s); }).sort()[0]; },
    cell: function (p) { return p.sides.map(function (s) { return AM.statusBadge(p, s); }).join(" "); } });
  return cols;
};

AM.pairTable = function (data) {
  var cols = AM.columns(data), table = AM.el("pairs"), head = table.tHead.rows[0], body = table.tBodies[0];
  var state = { col: cols.length - 2, asc: true, filter: "" };  /* F (or A \u2212 B), worst first */
  head.innerHTML = cols.map(function (c, k) { return '<th data-col="' + k + '"' + (c.num ? ' class="num"' : "") + ">" + AM.esc(c.label) + "</th>"; }).join("");
  var draw = function () {
    var col = cols[state.col], needle = state.filter.toLowerCase();
    var rows = data.pairs.filter(function (p) {
      return !needle || (p.id || "").toLowerCase().indexOf(needle) >= 0 || (p.sentence || "").toLowerCase().indexOf(needle) >= 0;
    });
    rows.sort(function (a, b) {
      var x = col.value(a), y = col.value(b);
      var c = typeof x === "number" ? (isNaN(x) ? 1 : isNaN(y) ? -1 : x - y) : String(x).localeCompare(String(y));
      return (state.asc ? c : -c) || a.number - b.number;
    });
    body.innerHTML = rows.map(function (p) {
      return '<tr data-pair="' + p.number + '">' + cols.map(function (c) {
        return "<td" + (c.num ? ' class="num"' : c.cls ? ' class="' + c.cls + '"' : "") + ">" + c.cell(p) + "</td>";
      }).join("") + "</tr>";
    }).join("");
    Array.prototype.forEach.call(head.cells, function (th, k) {
      th.className = (cols[k].num ? "num " : "") + (k === state.col ? "sorted " + (state.asc ? "asc" : "desc") : "");
    });
    AM.el("shown").textContent = rows.length === data.pairs.length ? data.pairs.length + " pairs" : rows.length + " of " + data.pairs.length + " pairs";
  };
  head.onclick = function (ev) {
    var th = ev.target.closest("th");
    if (!th) return;
    var k = Number(th.dataset.col);
    state.asc = k === state.col ? !state.asc : true;
    state.col = k;
    draw();
  };
  body.onclick = function (ev) {
    var tr = ev.target.closest("tr");
    if (tr && !ev.target.closest("a")) location.hash = "#pair-" + tr.dataset.pair;
  };
  AM.el("filter").oninput = function (ev) { state.filter = ev.target.value; draw(); };
  draw();
};
