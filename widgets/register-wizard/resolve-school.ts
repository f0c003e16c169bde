import type { SelectedSchool } from "../../contracts/shapes/schools";
import type { RegisterWizardStrings } from "./strings";
import type { SchoolFlowCalls } from "./school-flow-types";

export type ResolvedSchool = { kind: "found" | "created"; school: SelectedSchool } | { kind: "error"; message: string };

/**
 * Accounts spec, section 4, "School selection": a school typed in by hand is
 * found by postcode, else created with its address, so it has an id before
 * anything is checked against it.
 */
export async function resolveSchool(
  school: SelectedSchool,
  calls: Pick<SchoolFlowCalls, "findSchoolByPostcode" | "checkSchool" | "createSchool">,
  messages: Pick<RegisterWizardStrings, "postcodeSearchFailed" | "membershipSummaryFailed" | "createSchoolFailed">,
): Promise<ResolvedSchool> {
  let id: number | null;
  try {
    id = await calls.findSchoolByPostcode(school.postalCode);
  } catch {
    return { kind: "error", message: messages.postcodeSearchFailed };
  }
  if (id !== null) {
    try {
      return { kind: "found", school: await calls.checkSchool(id) };
    } catch {
      return { kind: "error", message: messages.membershipSummaryFailed };
    }
  }
  try {
    return { kind: "created", school: { ...school, constituentId: await calls.createSchool(school) } };
  } catch {
    return { kind: "error", message: messages.createSchoolFailed };
  }
}
