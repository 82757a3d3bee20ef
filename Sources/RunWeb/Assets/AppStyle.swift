/// The style sheet of every page (served as `/static/app.css`; no inline styles: the CSP allows
/// style from this server only). Light and dark by `prefers-color-scheme`; system fonts only.
enum AppStyle {
    static let css = #"""
:root {
  color-scheme: light dark;
  --bg: #fbfbfa; --fg: #1d1f21; --muted: #5f6368; --card: #ffffff; --line: #e3e3e0; --accent: #1f6feb;
  --accent-fg: #ffffff; --danger: #c62828; --ok: #2e7d32; --header: #f1f1ee; --map: #eef2ee; --track: #d9480f;
  --grid: #e6e6e3; --warn-bg: #fff4e5;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #141517; --fg: #e8e8e6; --muted: #a0a4a8; --card: #1c1e21; --line: #2c2f33; --accent: #6ea8fe;
    --accent-fg: #0b0c0e; --danger: #ff7b72; --ok: #7ee787; --header: #1c1e21; --map: #1e2622; --track: #ff922b;
    --grid: #2a2d31; --warn-bg: #3a2a12;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
[hidden] { display: none !important; }
body { margin: 0; background: var(--bg); color: var(--fg);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif; }
a { color: var(--accent); }
header.site { background: var(--header); border: 0; box-shadow: none; }
header.site nav { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem 1.25rem; max-width: 64rem; margin: 0 auto;
  padding: .75rem 1rem; }
header.site .brand { font-weight: 700; font-size: 1.15rem; color: var(--fg); text-decoration: none; margin-right: auto; }
header.site nav a.nav { color: var(--muted); text-decoration: none; padding: .25rem 0; }
header.site nav a.nav[aria-current="page"] { color: var(--fg); font-weight: 600; }
main { max-width: 64rem; margin: 0 auto; padding: 1rem 1rem 3rem; }
h1 { font-size: 1.6rem; margin: .5rem 0 1rem; overflow-wrap: anywhere; }
h2 { font-size: 1.2rem; margin: 1.75rem 0 .5rem; }
.summary, .muted, .help { color: var(--muted); }
.help { font-size: .875rem; margin: .25rem 0 0; }
section.list { margin-bottom: 1.5rem; }
section.list h2 { margin-bottom: 0; }
section.list .summary { margin: 0 0 .5rem; font-size: .95rem; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { padding: .4rem .6rem; text-align: left; border-bottom: 1px solid var(--line); white-space: nowrap; }
th { font-weight: 600; color: var(--muted); font-size: .85rem; }
td.num, th.num { text-align: right; }
td.name { white-space: normal; min-width: 10rem; overflow-wrap: anywhere; }
.footer-note { color: var(--muted); margin: .25rem 0 0; }
.pager { display: flex; gap: 1rem; align-items: center; justify-content: space-between; margin-top: 1rem; }
.fields { display: grid; grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr)); gap: .75rem; margin: 0 0 1rem; padding: 0; }
.fields div { background: var(--card); border: 1px solid var(--line); border-radius: .5rem; padding: .6rem .8rem; }
.fields dt { color: var(--muted); font-size: .8rem; }
.fields dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
figure { margin: 0 0 1rem; }
figcaption { color: var(--muted); font-size: .9rem; margin-bottom: .25rem; }
svg.map, svg.chart { width: 100%; height: auto; display: block; background: var(--card); border: 1px solid var(--line); border-radius: .5rem; }
svg.map .map-background { fill: var(--map); }
svg.map .track polyline { fill: none; stroke: var(--track); stroke-width: 3; stroke-linejoin: round; stroke-linecap: round; }
svg.map .marker circle, svg.map .marker rect, svg.map .marker > path:not(.glyph) { stroke: var(--card); stroke-width: 2; }
svg.map .marker text { font: 700 10px system-ui, sans-serif; text-anchor: middle; fill: #fff; }
svg.map .marker .glyph { fill: #fff; stroke: #fff; stroke-width: 1.5; }
svg.map .marker-start circle { fill: #2e7d32; }
svg.map .marker-finish rect { fill: #1d1f21; }
svg.map .marker-finish .glyph { fill: #fff; stroke: none; }
svg.map .marker-distance circle { fill: #1f6feb; }
svg.map .marker-pause circle { fill: #8e24aa; }
svg.map [class*="marker-waypoint"] > path { fill: #00897b; }
svg.map .marker-waypoint-danger > path { fill: #c62828; }
svg.map .marker-waypoint-water > path { fill: #0277bd; }
svg.map .marker-waypoint-summit > path { fill: #6d4c41; }
svg.map .scale path { fill: none; stroke: var(--fg); stroke-width: 2; }
svg.map .scale text { font: 12px system-ui, sans-serif; fill: var(--fg); }
.legend { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; padding: 0; margin: .5rem 0 0; font-size: .875rem; color: var(--muted); }
.legend li::before { content: ""; display: inline-block; width: .75rem; height: .75rem; border-radius: 50%; margin-right: .35rem; vertical-align: -1px; background: #00897b; }
.legend li.start::before { background: #2e7d32; }
.legend li.finish::before { background: #1d1f21; border-radius: 2px; }
.legend li.distance::before { background: #1f6feb; }
.legend li.pause::before { background: #8e24aa; }
.legend li.waypoint-danger::before { background: #c62828; }
.legend li.waypoint-water::before { background: #0277bd; }
svg.chart .grid line { stroke: var(--grid); }
svg.chart .axis line { stroke: var(--muted); }
svg.chart text { font: 11px system-ui, sans-serif; fill: var(--muted); }
svg.chart .line { fill: none; stroke-width: 2; stroke: var(--accent); stroke-linejoin: round; }
svg.chart.chart-elevation .line { stroke: #2e7d32; }
svg.chart.chart-heartRate .line { stroke: #c62828; }
.overview .tiles { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: .75rem; margin: 0 0 1rem; }
.overview .tile { background: var(--card); border: 1px solid var(--line); border-radius: .5rem; padding: .5rem .8rem; }
.overview .tile h2 { font-size: 1rem; margin: 0 0 .25rem; }
.overview .tile p { margin: 0; }
.bar.sport-running, .swatch.sport-running { fill: #1f6feb; background: #1f6feb; }
.bar.sport-trailRunning, .swatch.sport-trailRunning { fill: #2e7d32; background: #2e7d32; }
.bar.sport-walking, .swatch.sport-walking { fill: #00897b; background: #00897b; }
.bar.sport-hiking, .swatch.sport-hiking { fill: #8d6e63; background: #8d6e63; }
.bar.sport-cycling, .swatch.sport-cycling { fill: #d9480f; background: #d9480f; }
.bar.sport-swimming, .swatch.sport-swimming { fill: #0277bd; background: #0277bd; }
.bar.sport-other, .swatch.sport-other { fill: #8e24aa; background: #8e24aa; }
.legend .swatch { display: inline-block; width: .75rem; height: .75rem; border-radius: 2px; margin-right: .35rem; vertical-align: -1px; }
.overview .legend li::before { content: none; }
table.calendar { table-layout: fixed; width: 100%; }
table.calendar td { vertical-align: top; height: 4rem; }
table.calendar td.other-month { opacity: .5; }
table.calendar td.week-total { white-space: normal; }
table.calendar .day-number { display: block; font-size: .85rem; color: var(--muted); }
table.calendar .day-run { display: block; font-size: .9rem; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
nav.pager { display: flex; flex-wrap: wrap; gap: .5rem; margin: 0 0 1rem; }
#interactive-map { height: 24rem; border-radius: .5rem; border: 1px solid var(--line); touch-action: none; }
form.inline { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: 0 0 .75rem; }
label { font-weight: 600; }
input[type=text], input[type=url], input[type=search], input:not([type]), textarea, select {
  font: inherit; color: var(--fg); background: var(--card); border: 1px solid var(--line); border-radius: .375rem;
  padding: .45rem .6rem; max-width: 100%; }
textarea { width: 100%; min-height: 6rem; }
input[aria-invalid="true"] { border-color: var(--danger); outline-color: var(--danger); }
.message { color: var(--danger); font-size: .9rem; margin: .25rem 0 0; }
button, .button { font: inherit; display: inline-block; border: 0; border-radius: .375rem; padding: .5rem 1rem; cursor: pointer;
  background: var(--accent); color: var(--accent-fg); text-decoration: none; }
button.secondary, .button.secondary { background: transparent; color: var(--accent); border: 1px solid var(--line); }
button.danger, .button.danger { background: var(--danger); color: #fff; }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; margin: 1rem 0; }
.setting { padding: .75rem 0; border-bottom: 1px solid var(--line); }
.setting .row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.setting .row label { flex: 1 1 14rem; }
.setting .unit { color: var(--muted); }
.setting .row input[inputmode=url], .setting .row input[inputmode=text] { flex: 1 1 18rem; }
#new-profile { min-width: min(20rem, 100%); }
.switch { display: inline-flex; align-items: center; gap: .5rem; }
.switch input { width: 1.25rem; height: 1.25rem; }
.notice { border-radius: .5rem; padding: .6rem .8rem; margin: 0 0 1rem; background: var(--card); border: 1px solid var(--line); }
.notice.error { border-color: var(--danger); color: var(--danger); }
.notice.ok { border-color: var(--ok); }
ul.report { list-style: none; padding: 0; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .9rem; }
ul.report li { padding: .15rem 0; overflow-wrap: anywhere; }
ul.report li.failed, ul.report li.reason { color: var(--danger); }
ul.report li.warning { color: var(--muted); }
ul.report li.totals { font-weight: 700; margin-top: .5rem; }
.section-link { margin: .5rem 0 0; }
section#recording-now { border: 1px solid var(--accent); border-radius: .5rem; padding: 0 .8rem .8rem; }
.live-status.stale { background: var(--warn-bg); border-color: var(--danger); color: var(--danger); font-weight: 600; }
.live-fields dd { font-size: 1.5rem; }
form.search input[type=search] { flex: 1 1 14rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 40rem) {
  body { font-size: 15px; }
  main { padding: .75rem .75rem 2rem; }
  th, td { padding: .35rem .4rem; }
  .hide-narrow { display: none; }
  /* Map and charts are drawn 800 units wide: on a phone they keep 40rem and scroll sideways, so
     their labels stay readable (at 390 px wide they would shrink to 6 px). */
  .figure-scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
  .figure-scroll svg.map, .figure-scroll svg.chart { min-width: 40rem; }
  svg.chart text { font-size: 13px; }
  table.calendar { font-size: .75rem; }
  table.calendar th, table.calendar td { padding: .2rem .15rem; }
  table.calendar .day-run { font-size: .7rem; }
}
/* After the rules they change: the finish flag's near-black square would vanish on the dark card. */
@media (prefers-color-scheme: dark) {
  .bar.sport-running, .swatch.sport-running { fill: #6ea8fe; background: #6ea8fe; }
  .bar.sport-trailRunning, .swatch.sport-trailRunning { fill: #7ee787; background: #7ee787; }
  .bar.sport-walking, .swatch.sport-walking { fill: #4db6ac; background: #4db6ac; }
  .bar.sport-hiking, .swatch.sport-hiking { fill: #bcaaa4; background: #bcaaa4; }
  .bar.sport-cycling, .swatch.sport-cycling { fill: #ff922b; background: #ff922b; }
  .bar.sport-swimming, .swatch.sport-swimming { fill: #4fc3f7; background: #4fc3f7; }
  .bar.sport-other, .swatch.sport-other { fill: #ce93d8; background: #ce93d8; }
  svg.map .marker-finish rect { fill: #e8e8e6; }
  svg.map .marker-finish .glyph { fill: #1d1f21; }
  .legend li.finish::before { background: #e8e8e6; }
}
"""#
}
