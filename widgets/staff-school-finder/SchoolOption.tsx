import type { JSX, MouseEvent } from "react";
import type { StaffSchoolSuggestion } from "../../contracts/shapes/staff-schools";
import { isPlainClick } from "../lib/plain-click";
import type { StaffSchoolFinderStrings } from "./parse";

interface SchoolOptionProps {
  id: string;
  school: StaffSchoolSuggestion;
  href: string;
  active: boolean;
  strings: StaffSchoolFinderStrings;
  onHover(): void;
  onChoose(event: MouseEvent<HTMLAnchorElement>): void;
}

/**
 * One school: its name, then its URN, town and postcode, as a link that is
 * itself the option (`<a role="option">`), so a middle or Ctrl / Cmd click
 * still opens its page in a new tab. Never a Tab stop: focus stays in the input.
 */
export function SchoolOption({ id, school, href, active, strings, onHover, onChoose }: SchoolOptionProps): JSX.Element {
  const details = [school.urn ? `${strings.urn} ${school.urn}` : strings.enteredByHand, school.town, school.postcode].filter((part) => part.trim() !== "");
  return (
    <a
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      href={href}
      className={active ? "listbox-option staff-school-finder__option is-active" : "listbox-option staff-school-finder__option"}
      onMouseMove={active ? undefined : onHover}
      onClick={(event) => {
        if (isPlainClick(event)) onChoose(event);
      }}
    >
      <span className="staff-school-finder__name">{school.name}</span>
      <span className="staff-school-finder__details">{details.join(", ")}</span>
    </a>
  );
}
