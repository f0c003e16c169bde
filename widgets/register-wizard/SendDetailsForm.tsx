import type { JSX } from "react";
import type { SupportEnding } from "../../contracts/rules/pathways";
import type { SelectedSchool } from "../../contracts/shapes/schools";
import { pathways, type PathwayKey } from "./pathways";
import type { RequestCalls } from "./request-calls";
import { RequestForm } from "./RequestForm";
import { fill } from "./ScreenParts";
import type { RegisterWizardStrings } from "./strings";

/*
 * "Send these details to our team" at an ending the wizard cannot finish
 * (issue 28, docs/requests.md): what the person has entered so far (school
 * type, school, address, number of users) is shown and sent, with an
 * optional message, so they never retype it in an email. The support address
 * stays in the screen's own text as the way without this.
 */

/** What the wizard knows at the ending. */
export interface EnteredDetails {
  pathway: PathwayKey | null;
  school: SelectedSchool | null;
  /** The number of users typed (the moreUsers ending). */
  users?: number | null;
}

interface SendDetailsProps {
  ending: SupportEnding;
  entered: EnteredDetails;
  calls: Pick<RequestCalls, "sendSupportRequest">;
  strings: RegisterWizardStrings;
}

export function SendDetailsForm({ ending, entered, calls, strings }: SendDetailsProps): JSX.Element {
  const lines = detailLines(entered, strings);
  const plan = entered.users ? { planType: "school-annual" as const, users: entered.users } : null;
  return (
    <RequestForm
      title={strings.sendDetailsTitle}
      intro={
        lines.length > 0 && (
          <>
            <p>{strings.sendDetailsIntro}</p>
            <dl className="register-wizard__details">
              {lines.map(([label, value]) => (
                <div key={label} className="register-wizard__detail">
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </>
        )
      }
      messageLabel={strings.sendDetailsMessageLabel}
      submitLabel={strings.sendDetailsSubmit}
      busyLabel={strings.working}
      failed={strings.requestFailed}
      send={(message) => calls.sendSupportRequest({ ending, pathway: entered.pathway, school: entered.school, plan, message })}
      confirmation={({ request }) => fill(strings.sendDetailsSent, { email: <strong>{request.email}</strong> })}
    />
  );
}

/** The entered details as [label, value], in the order the server keeps them. */
function detailLines({ pathway, school, users }: EnteredDetails, strings: RegisterWizardStrings): [string, string][] {
  const lines: [string, string][] = [];
  if (pathway) lines.push([strings.sendDetailsSchoolType, pathways[pathway].label]);
  if (school?.name.trim()) lines.push([strings.sendDetailsSchool, school.URN ? `${school.name} (URN ${school.URN})` : school.name]);
  const address = school ? [school.addressLine1, school.addressLine2, school.addressLine3, school.city, school.postalCode].map((line) => line.trim()).filter(Boolean).join(", ") : "";
  if (address) lines.push([strings.sendDetailsAddress, address]);
  if (users) lines.push([strings.sendDetailsUsers, String(users)]);
  return lines;
}
