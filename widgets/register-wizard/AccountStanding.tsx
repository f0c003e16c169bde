import { useEffect, useState, type JSX } from "react";
import { http } from "../lib/http";
import { fill } from "./ScreenParts";
import type { RegisterWizardStrings } from "./strings";

/** GET /account/standing/: the dashboard's Membership and School cards, as JSON (server/routes/my-account.ts). */
export interface AccountStandingAnswer {
  membership: { state: "valid" | "expired"; date: string } | { state: "none" };
  school: { name: string; role: string; membershipExpires: string | null } | null;
}

/**
 * The wizard's last screen says what the person now has (issue 23, item 14):
 * their school, their role there, the school's membership and their own. Read
 * from the server once the wizard is done, so it is what the dashboard shows;
 * until it answers (or if it cannot) the screen keeps its sentence and links.
 */
export function AccountStanding({ strings }: { strings: RegisterWizardStrings }): JSX.Element | null {
  const [standing, setStanding] = useState<AccountStandingAnswer | null>(null);
  useEffect(() => {
    let current = true;
    http.get<AccountStandingAnswer>("/account/standing/").then(
      (answer) => current && setStanding(answer),
      () => undefined, // The link to the dashboard below says the same.
    );
    return () => {
      current = false;
    };
  }, []);
  if (!standing) return null;
  const { membership, school } = standing;
  const ownMembership =
    membership.state === "valid"
      ? fill(strings.standingValidUntil, { date: membership.date })
      : membership.state === "expired"
        ? fill(strings.standingExpired, { date: membership.date })
        : strings.standingNone;
  return (
    <dl className="account-facts" aria-label={strings.standingLabel}>
      {school && (
        <>
          <Fact term={strings.standingSchool}>{school.name}</Fact>
          <Fact term={strings.standingRole}>{school.role}</Fact>
          <Fact term={strings.standingSchoolMembership}>
            {school.membershipExpires ? fill(strings.standingValidUntil, { date: school.membershipExpires }) : strings.standingNone}
          </Fact>
        </>
      )}
      {/* A school member's own membership is usually none: say it only when there is one, or when there is no school. */}
      {(!school || membership.state !== "none") && <Fact term={strings.standingMembership}>{ownMembership}</Fact>}
    </dl>
  );
}

function Fact({ term, children }: { term: string; children: JSX.Element | string }): JSX.Element {
  return (
    <div className="account-facts__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
