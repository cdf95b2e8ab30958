// The live page: the server pushes the page's state (server-sent events) whenever the fight
// log moves on; the browser reconnects by itself if the server restarts.
(function () {
  var live = document.getElementById("live");
  var source = new EventSource("events");
  source.addEventListener("page", function (event) {
    var page = JSON.parse(event.data);
    document.getElementById("fight").innerHTML = page.body;
    document.getElementById("phase").textContent = page.phase;
    document.getElementById("title").textContent = page.title;
    document.title = page.title;
    var turn = document.getElementById("turn");
    if (turn.textContent !== page.turn) { turn.textContent = page.turn; }
    document.body.setAttribute("data-version", page.version);
    live.textContent = "Live: this page follows the fight as the DM records it.";
  });
  source.onerror = function () {
    live.textContent = "Waiting for the server to come back… (the page will catch up by itself)";
  };
})();
