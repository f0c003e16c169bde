import { accountDetailsOf, type AccountForm, type AccountsService, type CurrentUser } from "../accounts";
import type { MemberPages } from "../cache/http/member-pages";
import { formatLondonDate, membershipStatus } from "../domain/membership-status";
import type { MemberLaneRoute } from "../http/member-lane";
import type { MembershipReminders } from "../memberships";
import type { PaymentsService, SchoolInvoicesService } from "../payments";
import type { RequestsService } from "../requests";
import type { ResourcesService } from "../resources";
import type { SchoolAdminService } from "../schools";
import { myAccountView, type FailedForm } from "./my-account-view";

/*
 * My account's <main> (templates/pages/account/my-account-main.njk), all of
 * it the person's own: for the route (my-account.ts), which renders it into
 * the page, and for the member lane (http/member-lane.ts), which answers the
 * page before Express when nothing in the session needs spending.
 */

export const MY_ACCOUNT_PATH = "/account/my-account/";
export const MY_ACCOUNT_VIEW = "pages/account/my-account.njk";

/** What <main> is read from. */
export interface MyAccountMainSources {
  accounts: Pick<AccountsService, "pendingEmailChange">;
  /** For the saved resources tab. */
  resources: Pick<ResourcesService, "savedResources">;
  /** For the School tab (and the dashboard's School card). */
  schools: Pick<SchoolAdminService, "schoolTab">;
  /** The join requests an admin decides on the School tab. */
  requests: Pick<RequestsService, "joinRequestsForAdmin">;
  /** For the Membership tab. */
  payments: Pick<PaymentsService, "orderLines" | "renewingPlans">;
  /** The School tab's invoices, for its admins (docs/payments.md, "Pay by invoice"). */
  invoices: Pick<SchoolInvoicesService, "ofSchool">;
  /** The Profile tab's "Email me before my membership ends" (docs/memberships.md "Reminders"). */
  membershipReminders: Pick<MembershipReminders, "remindersWanted">;
  /** The contact form's subject options (CONTACT_SUBJECTS). */
  contactSubjects: readonly string[];
}

/** What <main> shows beyond the person's own records: one form's refusal, or the notice the last write left. */
export interface MainShown {
  failed?: FailedForm;
  notice?: AccountForm;
}

/** Their own membership as the pages say it: valid or expired with its London date, or none. */
export function membershipShown(ownMemberships: readonly { expires_at: string }[]) {
  const status = membershipStatus(ownMemberships, new Date());
  return status.state === "none" ? status : { state: status.state, date: formatLondonDate(status.expiresAt) };
}

/** My account's <main> for a person: their CSRF token (a string, or page-locals' lazy token) and what it shows. */
export function myAccountMainOf(sources: MyAccountMainSources) {
  const { accounts, resources, schools, requests, payments, invoices, membershipReminders, contactSubjects } = sources;
  return async (user: CurrentUser, csrfToken: unknown, shown: MainShown = {}) => {
    const [savedResources, school, orders, pending, remindersWanted, renewingPlans] = await Promise.all([
      resources.savedResources(user.id),
      schools.schoolTab(user.id),
      payments.orderLines(user.id),
      accounts.pendingEmailChange(user.id),
      membershipReminders.remindersWanted(user.id),
      payments.renewingPlans(user.id),
    ]);
    // Only an admin decides join requests, and a tab whose isAdmin is false means an admin of no school (SchoolTab).
    const [joinRequests, schoolInvoices] = school?.isAdmin
      ? await Promise.all([requests.joinRequestsForAdmin(user.id), invoices.ofSchool(user.id, school.schoolId)])
      : [[], []];
    return {
      ...myAccountView({
        account: accountDetailsOf(user),
        contactSubjects,
        notice: shown.notice,
        failed: shown.failed,
        savedResources,
        school,
        joinRequests,
        orders,
        schoolInvoices,
        pendingEmail: pending?.email,
        remindersWanted,
        renewingPlans,
      }),
      // The person's own (individual) membership, shown above the tabs as on the dashboard.
      membership: membershipShown(user.ownMemberships),
      csrfToken,
    };
  };
}

/** My account in the member lane, once the layout every member shares is kept: the same <main> the route renders. */
export function myAccountMemberLaneRoute(sources: MyAccountMainSources & { memberPages: MemberPages }): MemberLaneRoute {
  const mainFor = myAccountMainOf(sources);
  return {
    matches: (path) => path === MY_ACCOUNT_PATH,
    async compose(req, member) {
      const page = await sources.memberPages.kept(MY_ACCOUNT_VIEW, member.currentPath);
      if (!page) return undefined;
      const main = await mainFor(member.user, member.csrfToken);
      return page.compose(req, { ...member.layoutParts, main });
    },
  };
}
