import { Fragment, type JSX, type ReactNode } from "react";
import type { SelectedSchool } from "../../contracts/shapes/schools";

interface ScreenProps {
  step: string;
  title: string;
  /** Shown in the polite live region (role=status). */
  message?: string | null;
  /** Shown in the assertive live region (role=alert). */
  error?: string | null;
  children?: ReactNode;
}

/** One wizard screen: the heading that takes focus on each change, then both live regions (always present, so changes are announced). */
export function Screen({ step, title, message, error, children }: ScreenProps): JSX.Element {
  return (
    <div className="register-wizard__result" data-step={step}>
      <h2 className="register-wizard__title" tabIndex={-1}>
        {title}
      </h2>
      <div role="status">{message && <p className="alert alert--info">{message}</p>}</div>
      <div role="alert">{error && <p className="alert alert--error">{error}</p>}</div>
      {children}
    </div>
  );
}

/** A string with {name} placeholders, each replaced by a node (a link, a name) without building HTML. */
export function fill(template: string, values: Record<string, ReactNode>): JSX.Element {
  const parts = template.split(/(\{[a-zA-Z]+\})/);
  return (
    <>
      {parts.map((part, index) => {
        const name = /^\{([a-zA-Z]+)\}$/.exec(part)?.[1];
        return <Fragment key={index}>{name && name in values ? values[name] : part}</Fragment>;
      })}
    </>
  );
}

export function SupportLink({ email }: { email: string }): JSX.Element {
  // A page that gives no support address (another backend) still reads as a sentence.
  if (!email) return <>us</>;
  return <a href={`mailto:${email}`}>{email}</a>;
}

/** The chosen school's name, URN and address, as search shows them. */
export function SchoolSummary({ school, urnLabel }: { school: SelectedSchool; urnLabel: string }): JSX.Element {
  const address = [school.addressLine1, school.addressLine2, school.addressLine3, school.city, school.postalCode].filter((line) => line && String(line).trim());
  return (
    <div className="register-wizard__school">
      <p>
        <strong>{school.name}</strong>
        {school.URN ? (
          <>
            {" "}
            ({urnLabel} {school.URN})
          </>
        ) : null}
      </p>
      {address.length > 0 && <p>{address.join(", ")}</p>}
    </div>
  );
}

interface ActionButtonProps {
  busy?: boolean;
  busyLabel: string;
  secondary?: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** A button that shows progress; aria-disabled (not disabled) keeps it focusable while busy, and a busy click does nothing. */
export function ActionButton({ busy, busyLabel, secondary, onClick, children }: ActionButtonProps): JSX.Element {
  return (
    <button
      className={secondary ? "button button--secondary" : "button"}
      type="button"
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) onClick();
      }}
    >
      {busy ? busyLabel : children}
    </button>
  );
}

interface ConfirmOrBackProps {
  /** The screen's main action; left out when there is nothing to confirm yet. */
  confirm?: { label: string; onClick: () => void } | null;
  busy: boolean;
  busyLabel: string;
  backLabel: string;
  onBack: () => void;
}

/** The action row most screens end with: a main action that shows progress, and Back. */
export function ConfirmOrBack({ confirm, busy, busyLabel, backLabel, onBack }: ConfirmOrBackProps): JSX.Element {
  return (
    <div className="register-wizard__actions">
      {confirm && (
        <ActionButton busy={busy} busyLabel={busyLabel} onClick={confirm.onClick}>
          {confirm.label}
        </ActionButton>
      )}
      <button className="button button--secondary" type="button" onClick={onBack}>
        {backLabel}
      </button>
    </div>
  );
}
