import type { JSX } from "react";

export interface SuccessStatusProps {
  /** The live region's class, e.g. `account-form__status`. */
  className: string;
  /** The success notice, or null for none. */
  notice: string | null;
}

/**
 * A status region that announces an account change's success notice, in the
 * account form's notice markup. The region is always rendered, so screen
 * readers already watch it when the notice arrives. Shared by the account
 * form and the change-email dialog, which takes the form's notice over.
 */
export function SuccessStatus({ className, notice }: SuccessStatusProps): JSX.Element {
  return (
    <div className={className} role="status">
      {notice && (
        <div className="alert alert--success account-form__notice">
          <p className="alert__text">{notice}</p>
        </div>
      )}
    </div>
  );
}
