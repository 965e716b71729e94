// Keyboard shortcuts for the rating page, and the renewal of its hold on the answer while
// it stays open; the forms work without this script (a hold then lasts one lease).
(function () {
  const rating = document.getElementById("rate-form");
  if (rating && rating.dataset.hold) {
    const lost = document.getElementById("hold-lost");
    const csrf = rating.querySelector("input[name=csrf]").value;
    const timer = setInterval(function () {
      fetch(rating.dataset.hold, {
        method: "POST",
        body: new URLSearchParams({ csrf: csrf }),
        credentials: "same-origin",
      }).then(function (response) {
        if (!response.ok && response.status !== 503) {  // an outage may pass; a refusal stays
          clearInterval(timer);
          lost.hidden = false;
        }
      }).catch(function () { /* offline for a moment: the next renewal tries again */ });
    }, Number(rating.dataset.holdEveryMs));
  }
})();
(function () {
  const form = document.getElementById("rate-form");
  const keys = document.getElementById("keys");
  document.addEventListener("keydown", function (event) {
    const typing = ["TEXTAREA", "INPUT", "SELECT"].includes(document.activeElement.tagName)
      && document.activeElement.type !== "radio";
    if (form && event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.requestSubmit();
      return;
    }
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "?" && keys) { keys.hidden = !keys.hidden; return; }
    if (!form) return;
    const choice = { "1": "correct", "2": "incorrect", "3": "partly" }[event.key];
    if (choice) {
      form.querySelector(`input[name=rating][value=${choice}]`).checked = true;
    } else if (event.key === "s" || event.key === "S") {
      document.getElementById("skip-form").requestSubmit();
    }
  });
})();
