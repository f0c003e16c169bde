/*
 * The audit table's closed vocabulary (docs/audit.md): one name per kind of
 * security-relevant event. A new kind is a line here and a line in the docs.
 */
export const AUDIT_EVENTS = [
  /** details: none for a password sign-in; { via: "emailed-link" } for a sign-in link. */
  "sign-in.succeeded",
  /** details: { email (as typed, normalised), reason: "wrong-credentials" | "throttled" }, or { reason: "unusable-link" } */
  "sign-in.failed",
  "password.changed",
  /** A reset (or set-password) link was used to choose a new password. */
  "password.reset",
  /** A change of address was asked for; a link went to the new address (My account). details: { newEmail } */
  "email.change-requested",
  /** That link was followed and the account switched address. details: { oldEmail, newEmail } */
  "email.changed",
  /** Before confirming it, a new sign-up corrected their unconfirmed address ("Wrong address? Change it"). details: { oldEmail, newEmail } */
  "email.corrected",
  /** Someone became an admin of a school. details: { schoolId, affiliationId, via: "made-admin" | "admin-seat" } */
  "school-admin.granted",
  /** An admin ended someone's affiliations at a school. details: { schoolId, affiliationId, wholePerson, invitesRevoked } */
  "school-affiliation.removed",
  /** details: { schoolId, membershipId, email } */
  "school-invite.sent",
  /** An admin revoked a pending invite. details: { schoolId, inviteId, email } */
  "school-invite.revoked",
  /** An admin sent a pending invite again: a new link, a fresh expiry. details: { schoolId, inviteId, email } */
  "school-invite.resent",
  /** A school's admin (actor) or staff (details.staffId) approved a join request: the person (subject) now holds a seat. details: { requestId, schoolId, staffId? } */
  "join-request.approved",
  /** A school's admin or staff declined a join request; the person was emailed. details: { requestId, schoolId, staffId? } */
  "join-request.declined",
  /** Staff answered a request from the back office's inbox (the answer was mailed). Record: the request, before and after { status }. details: { requestId, kind } */
  "request.answered",
  /** Staff closed a request: nothing more is to be done. Record: the request, before and after { status }. details: { requestId, kind } */
  "request.closed",
  /** Staff sent a person a new verification link from the back office. Record: the person. */
  "person.verification-link-sent",
  /** Staff sent a person a password-reset link from the back office (staff never see or set a password). Record: the person. */
  "person.password-link-sent",
  /** Staff gave a person a complimentary individual membership (a current one extended). Record: the membership, before and after { expires }. details: { period } */
  "membership.complimentary-granted",
  /** Staff changed a school's allowed email domains (confirmed the suggested one, added or removed one). Record: the school, before and after { domains }. */
  "school.domains-changed",
  /** Staff created or extended a school's membership by a period. Record: the membership, before and after { expires }. details: { schoolId, kind: "free" | "complimentary" | "paid-offline", period, users, reference? } */
  "school.membership-extended",
  /** Staff merged a school entered by hand into its register record. Record: the register's school, before { mergedSchoolId, mergedSchoolName }, after { urn }. details: { schoolId, mergedSchoolId, affiliations, memberships, orders, requests, invites } (how many moved) */
  "school.merged",
  /** Staff changed the user seats of a school's membership. Record: the membership, before and after { userSeats }. details: { schoolId } */
  "school.seats-changed",
  /** Staff downloaded a back-office export. details: { export: "orders" | ..., and the filters it was made with } */
  "export.downloaded",
  /** An owner uploaded the register file; its import started in the background. details: { importId, fileName, bytes } */
  "register.import-started",
  /** That import ended. details: { importId, status: "done" | "failed", rows, created, updated, reopened, closed, problems } or { importId, status, error } */
  "register.import-finished",
  /** details: { orderId, membershipId, planType, organisationId } */
  "payment.fulfilled",
  /** Money went back on an order: staff's refund (staffActorId) or the provider's. Record: the order, refunded pence before and after. details: { orderId, amountPence, startedBy, membershipEnded } */
  "payment.refunded",
  /** Staff sent an order's receipt again from the back office. Record: the order. details: { orderId } */
  "payment.receipt-resent",
  /** Paid, but refused on arrival by the school-purchase rule: nothing granted, to refund. details: { orderId, organisationId, reason } */
  "payment.unfulfilled",
  /** A school's order paid by invoice: the membership given at once, the invoice sent. Record: the order. details: { orderId, number, membershipId, organisationId, planType, purchaseOrder? } */
  "invoice.issued",
  /** The invoice was paid: finance staff marked it (staffActorId, details.note) or the provider reported it. Record: the order. details: { orderId, number, restored } */
  "invoice.paid",
  /** An unpaid invoice was chased: details: { orderId, number, step: "due" | "overdue" | "suspended" }; at "suspended" the membership was paused. */
  "invoice.chased",
  /** A plan's automatic renewal turned off or on: by the member (My account, Membership) or by finance staff for them (the order's page). details: { subscriptionId, renews: "yes" | "no" } */
  "subscription.renewal-changed",
  /** Recorded by the account deletion (My account, "Delete my account"). */
  "account.deleted",
  /*
   * The back office's staff (docs/back-office.md). staffActorId says who on the staff acted (null: the command line),
   * the record is the staff account concerned, with its fields before and after.
   */
  /** `npm run staff:create` made a staff account and printed its enrolment link. details: { via: "command" } */
  "staff.created",
  /** An owner invited someone to the staff (an enrolment link emailed). */
  "staff.invited",
  /** A new enrolment link for an account (the old links stop working): an owner's, or the command's for an existing address. */
  "staff.enrolment-link-sent",
  /** An enrolment link was used: password and authenticator set, ten recovery codes given. */
  "staff.enrolled",
  /** details: { via: "authenticator" | "recovery-code", recoveryCodesLeft? } */
  "staff.signed-in",
  /** details: { email (as typed, normalised), reason: "wrong-credentials" | "throttled" } */
  "staff.sign-in-failed",
  "staff.signed-out",
  /** An owner changed a staff account's role. */
  "staff.role-changed",
  /** An owner removed a staff account (its sessions end with it). */
  "staff.removed",
] as const;

export type AuditEvent = (typeof AUDIT_EVENTS)[number];
