import { http } from "../lib/http";
import type { SchoolFlowCalls } from "./school-flow-types";
import type { MembershipSummary, SchoolCheckAnswer, SelectedSchool } from "../../contracts/shapes/schools";

/** The school flow's server calls (accounts spec, section 7), over the widgets' one HTTP client. */
export const schoolCalls: SchoolFlowCalls = {
  checkSchool: async (constituentId) => (await http.post<SchoolCheckAnswer>("/account/school-check", { constituentId })).school,
  findSchoolByPostcode: async (postalCode) => {
    const answer = await http.get<{ success: boolean; Id?: number }>("/account/constituent-search/", { query: { type: "basic", op: "Like", post: postalCode } });
    return answer.success && typeof answer.Id === "number" ? answer.Id : null;
  },
  createSchool: async (school) => (await http.post<{ data: { Id: number } }>("/account/create-constituent/", schoolRecord(school))).data.Id,
  sessionStatus: async () => {
    const answer = await http.get<{ session_data?: { login_info?: { email?: string } | null }; constituentId: number; emailVerified: boolean }>(
      "/account/session-status/",
    );
    return { constituentId: answer.constituentId, email: answer.session_data?.login_info?.email ?? "", emailVerified: answer.emailVerified === true };
  },
  attributes: async (constituentId, keywordId) =>
    (await http.get<{ details: { Keyword: { Id: number }; Value: string }[] }>(`/account/attributes/${constituentId}/`, { query: { keywordIds: keywordId } })).details,
  sendVerification: (pending) => http.post<{ sentTo: string }>("/account/verify-email/", pending),
  membershipSummary: (constituentId) => http.get(`/account/membership-summary/${constituentId}/`),
  createMembership: async (schoolId) =>
    (await http.post<{ details: MembershipSummary }>(`/account/membership-create/${schoolId}/`, { type: "state-school" })).details,
  seats: async (membershipId) => (await http.get<{ details: Awaited<ReturnType<SchoolFlowCalls["seats"]>> }>(`/account/benefits-number-of-seats/${membershipId}/`)).details,
  useBenefit: async (usage) => ({ usageId: (await http.post<{ details: { Id: number } }>("/account/manual-benefit-usage/", usage)).details.Id }),
  confirmAffiliation: async (userId, affiliation) => {
    await http.post(`/account/affiliation/${userId}/`, affiliation);
  },
  affiliations: async (schoolId) =>
    (await http.get<{ details: Awaited<ReturnType<SchoolFlowCalls["affiliations"]>> }>("/account/affiliations/", { query: { groupConstituentID: schoolId, currentOnly: "true" } }))
      .details,
  schoolAdmins: async (schoolId) => {
    const answer = await http.get<{ admins?: unknown; youAreAdmin?: unknown }>(`/account/school-admins/${schoolId}/`);
    const names = Array.isArray(answer.admins) ? answer.admins.filter((name): name is string => typeof name === "string") : [];
    return { names, youAreAdmin: answer.youAreAdmin === true };
  },
};

/** Accounts spec, section 3, "School organisation record": the server sets the type and source itself. */
function schoolRecord(school: SelectedSchool) {
  return {
    LastName: school.name,
    Addresses: [
      {
        Street1: school.addressLine1,
        Street2: school.addressLine2,
        City: school.city,
        PostalCode: school.postalCode,
        Country: { Id: school.country },
        State: school.state === null ? null : { Id: school.state },
        Months: "YYYYYYYYYYYY",
        PrimaryIndicator: true,
      },
    ],
    ElectronicAddresses: [],
  };
}
