/// The script of the pages (served as `/static/app.js`; no inline script: the CSP allows script
/// from this server only). Everything works without it but sharing and the interactive map.
enum AppScript {
    static let js = #"""
"use strict";
(function () {
  // Share: hand the GPX file to the Web Share API where the browser can share files, else download it.
  document.querySelectorAll("button[data-share-url]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", async function () {
      var url = button.dataset.shareUrl, name = button.dataset.shareFile, title = button.dataset.shareTitle;
      try {
        var response = await fetch(url, { credentials: "same-origin" });
        if (!response.ok) throw new Error(response.statusText);
        var blob = await response.blob();
        var file = new File([blob], name, { type: "application/gpx+xml" });
        if (navigator.canShare && navigator.canShare({ files: [file] })) {
          await navigator.share({ files: [file], title: title, text: title });
          return;
        }
        var link = document.createElement("a");
        link.href = URL.createObjectURL(file);
        link.download = name;
        document.body.appendChild(link);
        link.click();
        setTimeout(function () { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
      } catch (error) {
        if (error && error.name === "AbortError") return;
        window.location.href = url;
      }
    });
  });

  // The interactive map (Leaflet, served by this server) when map tiles are on.
  var container = document.getElementById("interactive-map");
  if (container && window.L) {
    var map = L.map(container, { zoomControl: true, scrollWheelZoom: true });
    L.tileLayer(container.dataset.tileUrl, { maxZoom: 19, attribution: container.dataset.attribution || "" }).addTo(map);
    fetch(container.dataset.trackUrl, { credentials: "same-origin" }).then(function (r) { return r.json(); }).then(function (track) {
      var r = track.region;
      map.fitBounds([[r.minLatitude, r.westLongitude], [r.maxLatitude, r.eastLongitude]]);
      track.pieces.forEach(function (piece) { L.polyline(piece, { color: "#d9480f", weight: 4 }).addTo(map); });
      var colours = { start: "#2e7d32", finish: "#1d1f21", distance: "#1f6feb", pause: "#8e24aa" };
      track.markers.forEach(function (m) {
        L.circleMarker([m.latitude, m.longitude], { radius: 7, color: "#fff", weight: 2, fillOpacity: 1,
          fillColor: colours[m.kind] || "#00897b" }).bindTooltip(m.title).addTo(map);
      });
    }).catch(function () { container.hidden = true; });
  }
})();
"""#
}
