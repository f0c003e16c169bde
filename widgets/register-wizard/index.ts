import { defineWidget } from "../runtime/definition";
import type { RegisterWizardProps } from "./parse";

/** The sign-up and school-linking wizard: `data-widget="register-wizard"` around the server's first screen. */
export const registerWizardWidget = defineWidget<RegisterWizardProps>({
  name: "register-wizard",
  hydrate: "load",
  // Its first render was one long task on a phone (docs/performance.md, "Lighthouse"); it adopts no markup and renders no widget roots.
  firstRender: "sliced",
  load: () => import("./widget"),
});
