import { defineWidget } from "../runtime/definition";
import type { LoginFormProps } from "./parse";

/** The sign-in form: `data-widget="login-form"` around the server's plain form. */
export const loginFormWidget = defineWidget<LoginFormProps>({
  name: "login-form",
  hydrate: "load",
  load: () => import("./widget"),
});
