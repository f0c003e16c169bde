import { defineWidget } from "../runtime/definition";
import type { AccountTabsProps } from "./parse";

/** Sections shown as tabs chosen by the URL hash: `data-widget="account-tabs"`, optional `data-initial-tab`. */
export const accountTabsWidget = defineWidget<AccountTabsProps>({
  name: "account-tabs",
  hydrate: "load",
  load: () => import("./widget"),
});
