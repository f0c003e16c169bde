import { refuse, type Refusal } from "../shared/refusal";
import type { SignedInStaff } from "./staff-sign-in";
import { roleAllows, type StaffAction } from "./staff-roles";

/** The refusal for a staff member whose role may not take `action` (403), or undefined when it may: every back-office service asks first. */
export function roleRefusal(staff: Pick<SignedInStaff, "role">, action: StaffAction, message = "Your role does not allow this."): Refusal | undefined {
  if (roleAllows(staff.role, action)) return undefined;
  return refuse("forbidden", message, { rule: `staff-role:${action}` });
}
