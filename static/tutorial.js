// The rules tutorial (static/tutorial.html): no inline script (Content-Security-Policy).
// Each embed posts {type: "uno_web:height", height} when its content changes size:
// fit the iframe that sent it (and only an iframe of this page).
addEventListener("message", function (ev) {
  var d = ev.data;
  if (!d || d.type !== "uno_web:height" || typeof d.height !== "number") return;
  var frames = document.querySelectorAll("iframe[data-lesson]");
  for (var i = 0; i < frames.length; i++) {
    if (frames[i].contentWindow === ev.source) {
      frames[i].style.height = Math.max(160, Math.min(1400, Math.round(d.height))) + "px";
    }
  }
});
