import { defineWidget } from "../runtime/definition";
import { parseAccountTabs, type AccountTabsProps } from "./parse";

/** Sections shown as tabs chosen by the URL hash: `data-widget="account-tabs"`, optional `data-initial-tab`. */
export const accountTabsWidget = defineWidget<AccountTabsProps>({
  name: "account-tabs",
  hydrate: "load",
  parse: parseAccountTabs,
  load: () => import("./AccountTabs"),
});
