import { defineWidget } from "../runtime/definition";
import type { AccountFormProps } from "./parse";

/** A plain POST form sent as JSON, with the answer shown in place: `data-widget="account-form"`. */
export const accountFormWidget = defineWidget<AccountFormProps>({
  name: "account-form",
  hydrate: "load",
  load: () => import("./widget"),
});
