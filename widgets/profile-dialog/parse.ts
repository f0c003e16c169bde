import { childNodesOf } from "../lib/dom";
import { readI18n } from "../lib/i18n";
import { WidgetConfigError } from "../lib/options";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type ProfileDialogStrings = {
  /** The dialog's close button. */
  closeLabel: string;
  /** The dialog's link to the profile's own page (the person's name follows, for screen readers). */
  fullProfileLabel: string;
};

export const profileDialogDefaultStrings: ProfileDialogStrings = {
  closeLabel: "Close",
  fullProfileLabel: "Read the full profile",
};

export interface ProfileDialogProps {
  /** The profile's own page: where the cover links without JavaScript. */
  href: string;
  /** The person's name: the dialog's heading and accessible name. */
  name: string;
  role: string;
  /** The portrait, shown again (decoratively) in the dialog. */
  imageUrl: string | null;
  /** The cover's page-authored content (portrait, name, role), moved into the widget's link. */
  coverContent: Node[];
  /** The bio's page-authored content, moved into the dialog, never copied. */
  bioContent: Node[];
  strings: ProfileDialogStrings;
}

/**
 * Reads `data-widget="profile-dialog"`: the `.profile-cover__link` (holding a
 * `.profile-cover__name`, optionally a `.profile-cover__role` and an <img>)
 * and the `.profile-cover__bio` the dialog shows.
 */
export function parseProfileDialog(root: HTMLElement): ProfileDialogProps {
  const link = root.querySelector<HTMLAnchorElement>(":scope > a.profile-cover__link");
  const href = link?.getAttribute("href")?.trim();
  if (!link || !href) {
    throw new WidgetConfigError(
      'profile-dialog needs a direct child <a class="profile-cover__link" href="…"> pointing at the profile\'s own page',
    );
  }
  const name = link.querySelector(".profile-cover__name")?.textContent?.trim() ?? "";
  if (name === "") {
    throw new WidgetConfigError('profile-dialog needs the person\'s name in a <span class="profile-cover__name"> inside its link');
  }
  const bio = root.querySelector<HTMLElement>(":scope > .profile-cover__bio");
  if (!bio) {
    throw new WidgetConfigError('profile-dialog needs a direct child <div class="profile-cover__bio" hidden> holding the text the dialog shows');
  }
  const body = link.querySelector<HTMLElement>(":scope > .profile-cover__body");
  return {
    href,
    name,
    role: link.querySelector(".profile-cover__role")?.textContent?.trim() ?? "",
    imageUrl: link.querySelector("img")?.getAttribute("src") ?? null,
    coverContent: childNodesOf(body ?? link),
    bioContent: childNodesOf(bio),
    strings: readI18n(root, profileDialogDefaultStrings),
  };
}
