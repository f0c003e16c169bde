import type { Refusal } from "../shared/refusal";
import type { StaffDependencies } from "./staff-dependencies";
import { staffDashboard, type DashboardFigures } from "./staff-dashboard";
import { staffEnrolment, type Enrolled, type EnrolmentPage, type EnrolmentRequest } from "./staff-enrolment";
import { staffManagement, type StaffListEntry } from "./staff-management";
import { staffExportsDesk, type StaffExportsDesk } from "./staff-exports-desk";
import { staffOrdersDesk, type StaffOrdersDesk } from "./staff-orders-desk";
import { staffPeopleDesk, type StaffPeopleDesk } from "./staff-people-desk";
import { staffRegisterDesk, type StaffRegisterDesk } from "./staff-register-desk";
import { staffRequestsDesk, type StaffRequestsDesk } from "./staff-requests-desk";
import { staffSchoolMerge } from "./staff-school-merge";
import { staffSchoolsDesk, type StaffSchoolsDesk } from "./staff-schools-desk";
import type { StaffMemberRole, StaffRole } from "./staff-roles";
import { staffSignIn, type SignedInStaff, type StaffSignedIn, type StaffSignInRequest } from "./staff-sign-in";

/**
 * The back office's staff (docs/back-office.md): sign-in, enrolment, the
 * staff page's writes, the dashboard and the requests inbox. Every method that acts for someone
 * on the staff checks their role itself (staff-roles.ts), whatever the page
 * offered; the routes pass the client's address for the audit log.
 */
export interface StaffService {
  signIn(request: StaffSignInRequest, ip: string): Promise<StaffSignedIn | Refusal>;
  /** Who a staff session names, read on every back-office request: undefined once removed or enrolled again. */
  staffForSession(staffId: number, enrolledAt: string): Promise<SignedInStaff | undefined>;
  signedOut(staff: SignedInStaff, ip: string): Promise<void>;

  enrolmentPage(token: string): Promise<EnrolmentPage | Refusal>;
  enrol(token: string, request: EnrolmentRequest, ip: string): Promise<Enrolled | Refusal>;

  listStaff(actor: StaffMemberRole): Promise<{ staff: StaffListEntry[]; owners: number } | Refusal>;
  invite(actorId: number, invite: { email: string; role: string }, ip: string): Promise<StaffListEntry | Refusal>;
  changeRole(actorId: number, targetId: number, role: string, ip: string): Promise<StaffListEntry | Refusal>;
  remove(actorId: number, targetId: number, ip: string): Promise<StaffListEntry | Refusal>;
  sendEnrolmentLink(actorId: number, targetId: number, ip: string): Promise<StaffListEntry | Refusal>;

  dashboard(role: StaffRole): Promise<DashboardFigures | Refusal>;

  /** The requests inbox: join, support and contact requests, answered and closed by staff. */
  requests: StaffRequestsDesk;
  /** The People pages: find a person, see their record, send them account links. */
  people: StaffPeopleDesk;
  /** The Schools pages: find a school; its domains, membership, seats and people. */
  schools: StaffSchoolsDesk & ReturnType<typeof staffSchoolMerge>;
  /** The Orders pages: every order, one order, the CSV export. */
  orders: StaffOrdersDesk;
  /** The members export. */
  exports: StaffExportsDesk;
  /** The register upload (owners): its page and the background import. */
  register: StaffRegisterDesk;
}

export function createStaffService(deps: StaffDependencies): StaffService {
  const signIn = staffSignIn(deps);
  const enrolment = staffEnrolment(deps);
  const management = staffManagement(deps);
  const { dashboard } = staffDashboard(deps);
  return {
    signIn: signIn.signIn,
    staffForSession: signIn.staffForSession,
    signedOut: signIn.signedOut,
    enrolmentPage: enrolment.enrolmentPage,
    enrol: enrolment.enrol,
    listStaff: management.list,
    invite: management.invite,
    changeRole: management.changeRole,
    remove: management.remove,
    sendEnrolmentLink: management.sendEnrolmentLink,
    dashboard,
    requests: staffRequestsDesk(deps.requests),
    people: staffPeopleDesk({ clock: deps.clock, ...deps.people }),
    schools: {
      ...staffSchoolsDesk({ clock: deps.clock, requests: deps.requests, ...deps.schools }),
      ...staffSchoolMerge({ db: deps.db, audit: deps.audit, clock: deps.clock, ...deps.schoolMerge }),
    },
    orders: staffOrdersDesk(deps.orders),
    exports: staffExportsDesk({ clock: deps.clock, ...deps.exports }),
    register: staffRegisterDesk(deps.register),
  };
}
