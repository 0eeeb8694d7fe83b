// chipbench leaderboard: sortable and filterable tables, nothing else. No network, no library.
// A table with class "sortable" sorts by a header click (numbers by each cell's data-v);
// an <input data-filter="ID"> hides the rows of table ID that do not contain its text.
(function () {
  "use strict";
  function key(cell) {
    if (!cell) return "";
    var v = cell.getAttribute("data-v");
    if (v !== null && v !== "" && !isNaN(Number(v))) return Number(v);
    return cell.textContent.trim().toLowerCase();
  }
  function sortBy(table, col, th) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var asc = th.getAttribute("aria-sort") !== "ascending";
    rows.sort(function (a, b) {
      var x = key(a.cells[col]), y = key(b.cells[col]);
      var nx = typeof x === "number", ny = typeof y === "number";
      var c = nx && ny ? x - y : nx ? -1 : ny ? 1 : x < y ? -1 : x > y ? 1 : 0;
      return asc ? c : -c;
    });
    rows.forEach(function (r) { body.appendChild(r); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", asc ? "ascending" : "descending");
  }
  function filter(table, text) {
    var words = text.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    Array.prototype.forEach.call(table.tBodies[0].rows, function (r) {
      var t = r.textContent.toLowerCase();
      var ok = words.every(function (w) { return t.indexOf(w) >= 0; });
      r.hidden = !ok;
      if (ok) shown++;
    });
    var count = document.querySelector('[data-count="' + table.id + '"]');
    if (count) count.textContent = shown + " of " + table.tBodies[0].rows.length;
  }
  document.addEventListener("DOMContentLoaded", function () {
    Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
        th.tabIndex = 0;
        th.title = "sort";
        th.addEventListener("click", function () { sortBy(table, i, th); });
        th.addEventListener("keydown", function (e) { if (e.key === "Enter") sortBy(table, i, th); });
      });
    });
    Array.prototype.forEach.call(document.querySelectorAll("input[data-filter]"), function (input) {
      var table = document.getElementById(input.getAttribute("data-filter"));
      input.addEventListener("input", function () { filter(table, input.value); });
      filter(table, input.value);
    });
  });
})();
