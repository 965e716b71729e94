// Keyboard shortcuts for the rating page, and the renewal of its hold on the answer while
// it stays open; the forms work without this script (a hold then lasts one lease).
(function () {
  const rating = document.getElementById("rate-form");
  if (rating && rating.dataset.hold) {
    const lost = document.getElementById("hold-lost");
    const csrf = rating.querySelector("input[name=csrf]").value;
    const every = Number(rating.dataset.holdEveryMs);
    const lease = 3 * every;
    let held = Date.now();  // when the hold was last renewed (or taken, as the page opened)
    let active = Date.now();  // the reviewer's last key, click or scroll
    for (const kind of ["keydown", "pointerdown", "scroll", "input"]) {
      document.addEventListener(kind, function () { active = Date.now(); }, { passive: true });
    }
    const giveUp = function () { clearInterval(timer); lost.hidden = false; };
    const timer = setInterval(function () {
      if (Date.now() - held > lease) { giveUp(); return; }  // an outage outlasted the hold
      // A tab left alone holds nothing: the hold lapses one lease after the last activity.
      if (document.hidden || Date.now() - active > lease) return;
      fetch(rating.dataset.hold, {
        method: "POST",
        body: new URLSearchParams({ csrf: csrf }),
        credentials: "same-origin",
        redirect: "manual",  // signed out: the sign-in page's 200 is no renewal
      }).then(function (response) {
        if (response.status === 204) { held = Date.now(); }
        else if (response.status !== 503) { giveUp(); }  // refused, or signed out
      }).catch(function () { /* offline for a moment: the next renewal tries again */ });
    }, every);
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
