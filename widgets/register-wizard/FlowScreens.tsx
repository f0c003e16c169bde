import type { JSX } from "react";
import { ChangeAddressForm } from "./ChangeAddressForm";
import { ActionButton, ConfirmOrBack, SchoolSummary, Screen, fill } from "./ScreenParts";
import type { SelectedSchool } from "../../contracts/shapes/schools";
import type { RegisterWizardStrings } from "./strings";

interface BusyProps {
  busy: boolean;
  error: string | null;
  strings: RegisterWizardStrings;
}

/** confirmSchool: the chosen school; confirming runs the school flow (the parent decides the next screen). */
export function ConfirmSchoolScreen({ school, busy, error, strings, onConfirm, onBack }: BusyProps & { school: SelectedSchool | null; onConfirm: () => void; onBack: () => void }): JSX.Element {
  return (
    <Screen step="confirmSchool" title={strings.confirmSchoolTitle} error={error}>
      <p>{strings.confirmSchoolIntro}</p>
      {school && <SchoolSummary school={school} urnLabel={strings.urnLabel} />}
      <ConfirmOrBack
        confirm={school ? { label: strings.confirmSchool, onClick: onConfirm } : null}
        busy={busy}
        busyLabel={strings.working}
        backLabel={strings.back}
        onBack={onBack}
      />
    </Screen>
  );
}

/**
 * The email is not verified yet: the link is in their inbox, and nothing has been granted. Only "Resend the email"
 * sends another; "Wrong address? Change it" corrects the address and sends the link there instead.
 */
export function CheckInboxScreen({
  sentTo,
  strings,
  onBack,
  onResend,
  onAddressChanged,
  resent,
  error,
}: {
  sentTo: string;
  strings: RegisterWizardStrings;
  onBack: () => void;
  onResend: () => void;
  onAddressChanged: (sentTo: string) => void;
  resent: string | null;
  error: string | null;
}): JSX.Element {
  return (
    <Screen step="checkInbox" title={strings.checkInboxTitle} message={resent ?? strings.checkInbox.replace("{email}", sentTo)} error={error}>
      <div className="register-wizard__actions">
        <button className="button" type="button" onClick={onResend}>
          {strings.resendEmail}
        </button>
        <button className="button button--secondary" type="button" onClick={onBack}>
          {strings.back}
        </button>
      </div>
      {/* Keyed by the address, so after a change the form starts closed, holding the new one. */}
      <ChangeAddressForm key={sentTo} currentEmail={sentTo} strings={strings} onChanged={onAddressChanged} />
    </Screen>
  );
}

/** offerAdminStatus: accept (an admin seat) or decline (done as a seat holder). */
export function OfferAdminScreen({ school, busy, error, strings, onAccept, onDecline }: BusyProps & { school: SelectedSchool | null; onAccept: () => void; onDecline: () => void }): JSX.Element {
  return (
    <Screen step="offerAdminStatus" title={strings.offerAdminTitle} error={error}>
      <p>{fill(strings.offerAdminText, { school: school?.name ?? "" })}</p>
      <div className="register-wizard__actions">
        <ActionButton busy={busy} busyLabel={strings.working} onClick={onAccept}>
          {strings.acceptAdmin}
        </ActionButton>
        <button className="button button--secondary" type="button" onClick={onDecline}>
          {strings.declineAdmin}
        </button>
      </div>
    </Screen>
  );
}
