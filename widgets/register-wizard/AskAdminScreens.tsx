import type { JSX, ReactNode } from "react";
import { Screen, SupportLink, fill } from "./ScreenParts";
import type { SchoolAdmins } from "./school-flow-types";
import type { RegisterWizardStrings } from "./strings";

/*
 * The screens that send a person to their school's admin: the school already
 * has one (contactYourAdmin), or its membership is valid but every seat is
 * taken (noActiveSubscriptionOther for a non-admin). Each names the admin by
 * first name and initial when the server lets this person see it, says what
 * to do next (and what to write to them), and that the account is kept.
 * Each also offers to send what the person entered to our team (`request`,
 * SendDetailsForm.tsx), for when the admin cannot be reached.
 */

interface AskAdminProps {
  schoolName: string;
  admins: SchoolAdmins | null;
  /** The school has an admin (from school-check), even when the name is not shown. */
  hasAdmin: boolean;
  supportEmail: string;
  next: string;
  strings: RegisterWizardStrings;
  onBack: () => void;
  /** "Send these details to our team", shown before the way on. */
  request?: ReactNode;
}

const adminName = (admins: SchoolAdmins | null) => (admins && admins.names.length > 0 ? admins.names.join(" or ") : null);

function Actions({ next, strings, onBack }: Pick<AskAdminProps, "next" | "strings" | "onBack">): JSX.Element {
  return (
    <div className="register-wizard__actions">
      <a className="button" href={next}>
        {strings.continueWithoutSchool}
      </a>
      <button className="button button--secondary" type="button" onClick={onBack}>
        {strings.back}
      </button>
    </div>
  );
}

/** contactYourAdmin: who the admin is (if shown), and how to ask them to add you. */
export function ContactYourAdminScreen(props: AskAdminProps): JSX.Element {
  const { schoolName, admins, supportEmail, strings } = props;
  const name = adminName(admins);
  const support = <SupportLink email={supportEmail} />;
  return (
    <Screen step="contactYourAdmin" title={strings.contactYourAdminTitle}>
      <p>{name ? fill(strings.contactYourAdminNamed, { school: schoolName, admin: <strong>{name}</strong> }) : fill(strings.contactYourAdminText, { school: schoolName, support })}</p>
      <h3 className="register-wizard__subtitle">{strings.askToAddTitle}</h3>
      <p>{name ? fill(strings.askToAddNamed, { admin: name }) : fill(strings.askToAddUnnamed, { support })}</p>
      <p>{strings.askToAddWhatToWrite}</p>
      <p>{strings.askToAddThen}</p>
      {props.request}
      <Actions {...props} />
    </Screen>
  );
}

/** A valid membership whose seats are all taken, for someone who is not its admin: the spec's message, who can fix it, and no plans. */
export function SeatsFullScreen(props: AskAdminProps & { message: string | null }): JSX.Element {
  const { schoolName, admins, hasAdmin, supportEmail, strings, message } = props;
  const name = adminName(admins);
  const support = <SupportLink email={supportEmail} />;
  return (
    <Screen step="noActiveSubscriptionOther" title={strings.seatsFullTitle.replace("{school}", schoolName)} message={message}>
      <p>{name ? fill(strings.seatsFullAskNamed, { admin: <strong>{name}</strong> }) : hasAdmin ? strings.seatsFullAskUnnamed : fill(strings.seatsFullNoAdmin, { support })}</p>
      {(name || hasAdmin) && <p>{strings.seatsFullWhatToWrite}</p>}
      <p>{strings.accountKept}</p>
      {props.request}
      <Actions {...props} />
    </Screen>
  );
}
