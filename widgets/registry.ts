import { accordionWidget } from "./accordion";
import { disclosureWidget } from "./disclosure";
import type { AnyWidgetDefinition } from "./runtime";
import { siteHeaderWidget } from "./site-header";

/** Every widget the bundle knows. Adding a widget is one folder plus one line here. */
export const widgetRegistry: readonly AnyWidgetDefinition[] = [siteHeaderWidget, accordionWidget, disclosureWidget];
