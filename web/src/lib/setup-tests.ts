// Every unit test reads the real catalogue, as the browser does after loading it.
import catalogue from "../../../src/jokeren/words/messages.json";
import { setCatalogue } from "./i18n";

setCatalogue(catalogue);
