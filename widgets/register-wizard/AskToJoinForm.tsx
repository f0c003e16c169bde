import type { JSX } from "react";
import type { RequestCalls } from "./request-calls";
import { RequestForm } from "./RequestForm";
import { fill } from "./ScreenParts";
import type { RegisterWizardStrings } from "./strings";

/*
 * "Ask to join this school" on invalidEmail (issue 28, docs/requests.md):
 * the teacher's name and verified address go from the server's own records;
 * they add a short message. An address not yet proven gets the link first
 * (the parent's `onNeedsVerification`), which brings them back here.
 */

interface AskToJoinProps {
  schoolId: number;
  schoolName: string;
  calls: Pick<RequestCalls, "askToJoin">;
  strings: RegisterWizardStrings;
  onNeedsVerification: () => Promise<void>;
}

export function AskToJoinForm({ schoolId, schoolName, calls, strings, onNeedsVerification }: AskToJoinProps): JSX.Element {
  return (
    <RequestForm
      title={strings.askToJoinTitle}
      intro={<p>{fill(strings.askToJoinIntro, { school: schoolName })}</p>}
      messageLabel={strings.askToJoinMessageLabel}
      messageHint={strings.askToJoinMessageHint}
      submitLabel={strings.askToJoinSubmit}
      busyLabel={strings.working}
      failed={strings.requestFailed}
      send={(message) => calls.askToJoin({ schoolId, message })}
      onNeedsVerification={onNeedsVerification}
      confirmation={({ request, alreadySent }) => {
        const template = alreadySent ? strings.askToJoinAlreadySent : request.sentTo === "admins" ? strings.askToJoinSentAdmins : strings.askToJoinSentStaff;
        return fill(template, { school: request.schoolName, email: <strong>{request.email}</strong> });
      }}
    />
  );
}
