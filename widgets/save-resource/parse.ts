import { readI18n } from "../lib/i18n";
import { readOptions, WidgetConfigError } from "../lib/options";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type SaveResourceStrings = {
  /** The button label while the resource is not saved. */
  save: string;
  /** The button label while it is saved. */
  saved: string;
  /** Shown (exactly, spec section 5) when a visitor who is not signed in clicks Save. */
  signedOut: string;
  /** The sign-in link after the signed-out message. */
  signIn: string;
  /** Shown (exactly, spec section 8) when the call fails. */
  failed: string;
};

export const SAVE_RESOURCE_STRINGS: SaveResourceStrings = {
  save: "Save",
  saved: "Saved",
  signedOut: "You must be logged in to save resources.",
  signIn: "Sign in",
  failed: "An error occurred while saving the resource. Please try again.",
};

export interface SaveResourceProps {
  resourceId: number;
  resourceType: string;
  /** Part of the button's accessible name, so twenty Save buttons on a page are told apart. */
  title: string;
  saved: boolean;
  signedIn: boolean;
  /** Where the signed-out message's link goes (sign in, then back). */
  loginUrl: string;
  /** The call's path; another backend may name its own. */
  endpoint: string;
  strings: SaveResourceStrings;
}

const saveResourceOptions = {
  resourceId: { type: "number", default: 0, min: 1 },
  resourceType: { type: "string", default: "" },
  saved: { type: "boolean", default: false },
  title: { type: "string", default: "" },
  loginUrl: { type: "string", default: "/account/login/" },
  endpoint: { type: "string", default: "/account/save-resource/" },
} as const;

/**
 * Reads `data-widget="save-resource"`: data-resource-id, data-resource-type,
 * data-saved, data-title, data-login-url, data-endpoint and data-i18n-*.
 * Whether someone is signed in comes from the page: `data-signed-in` on
 * <body> (templates/layouts/base.njk), unless the root carries its own.
 */
export function parseSaveResource(root: HTMLElement): SaveResourceProps {
  const options = readOptions(root, saveResourceOptions);
  if (options.resourceId < 1) throw new WidgetConfigError("save-resource needs data-resource-id, the resource's whole-number id");
  if (options.resourceType.trim() === "") throw new WidgetConfigError("save-resource needs data-resource-type, e.g. \"lesson-plan\"");
  const title = options.title.trim() || (root.querySelector(".save-resource__button .visually-hidden")?.textContent ?? "").trim();
  return {
    resourceId: options.resourceId,
    resourceType: options.resourceType.trim(),
    title: title.replace(/^“|”$/g, ""),
    saved: options.saved,
    signedIn: readSignedIn(root),
    loginUrl: options.loginUrl,
    endpoint: options.endpoint,
    strings: readI18n(root, SAVE_RESOURCE_STRINGS),
  };
}

/** The root's own data-signed-in wins; otherwise <body>'s; absent everywhere means signed out (no request is ever sent then). */
function readSignedIn(root: HTMLElement): boolean {
  const source = root.hasAttribute("data-signed-in") ? root : root.ownerDocument.body;
  return readOptions(source, { signedIn: { type: "boolean", default: false } }).signedIn;
}
