import { mount } from "svelte";
import App from "./App.svelte";
import "./app.css";
import { takeFragment } from "./lib/fragment";
import { loadCatalogue } from "./lib/i18n";

// first thing: a seat link's token out of the address bar (kept in memory for the page),
// so that it stays out whatever fails after (the words' load)
const opening = takeFragment(window);
const target = document.getElementById("app") as HTMLElement;
loadCatalogue()
  .then(() => mount(App, { target, props: { opening } }))
  .catch(() => {
    target.textContent = "Jokeren: de server antwoordt niet. / The server does not answer.";
  });
