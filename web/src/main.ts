import { mount } from "svelte";
import App from "./App.svelte";
import "./app.css";
import { loadCatalogue } from "./lib/i18n";

const target = document.getElementById("app") as HTMLElement;
loadCatalogue()
  .then(() => mount(App, { target }))
  .catch(() => {
    target.textContent = "Jokeren: de server antwoordt niet. / The server does not answer.";
  });
