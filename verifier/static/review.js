// Keyboard shortcuts for the rating page; the forms work without this script.
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
