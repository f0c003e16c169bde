import type { SelectedSchool } from "../../../contracts/shapes/schools";
import { parseRegisterWizard } from "../../../widgets/register-wizard/parse";
import RegisterWizard from "../../../widgets/register-wizard/RegisterWizard";
import { macroTemplates } from "../../support/macro-templates";
import { selectedSchool } from "../../support/selected-school";
import { insertMarkup, mountWidget } from "../support/widget-harness";

/*
 * The wizard mounted from the register page's macro, over a stand-in server
 * that answers each call by method and path: the school flow's screens and
 * the requests sent from its endings (school-flow-screens.test.tsx,
 * request-screens.test.tsx).
 */

const templates = macroTemplates();

export const oakfield = selectedSchool({ name: "Oakfield Primary <School>" });
export const stCatherines: SelectedSchool = { ...oakfield, name: "St Catherine's College", type: "independent-school", URN: null, constituentId: 9000004 };
const membership = { Id: 700, ExpirationDateTime: "2099-01-01T00:00:00Z", Constituent: { DisplayName: "Oakfield", SortName: "Oakfield" } };

export interface Call {
  method: string;
  url: string;
  body: unknown;
}
export type Reply = { status: number; body?: unknown };

/** Answers each call by "METHOD path" (path without the query); the defaults are a verified teacher joining Oakfield. */
export function serverAnswering(overrides: Record<string, Reply | (() => Promise<Reply>)> = {}): Call[] {
  const replies: Record<string, Reply | (() => Promise<Reply>)> = {
    "GET /account/session-status/": { status: 200, body: { session_data: { login_info: { email: "ada@oakfield.sch.uk" } }, constituentId: 42, emailVerified: true } },
    "POST /account/school-check": { status: 200, body: { success: true, school: oakfield } },
    "GET /account/attributes/9000001/": { status: 200, body: { details: [{ Keyword: { Id: 671 }, Value: "oakfield.sch.uk" }] } },
    "GET /account/membership-summary/9000001/": { status: 200, body: { details: membership, expired: null } },
    "GET /account/membership-summary/9000004/": { status: 200, body: { details: membership, expired: null } },
    "GET /account/benefits-number-of-seats/700/": {
      status: 200,
      body: { details: [{ Id: 1, BenefitMembershipSummary: { Id: 700 }, Benefit: { Id: 301 }, MembershipLevelBenefit: { UnlimitedIndicator: true }, TotalAvailable: 0, TotalRemaining: 0 }] },
    },
    "POST /account/manual-benefit-usage/": { status: 201, body: { success: true, details: { Id: 9001 }, affiliation: { Id: 77 } } },
    "POST /account/affiliation/42/": { status: 200, body: { success: true, Id: 77 } },
    "POST /account/verify-email/": { status: 200, body: { success: true, sentTo: "ada@oakfield.sch.uk" } },
    "GET /account/affiliations/": { status: 200, body: { details: [] } },
    "GET /account/attributes/9000004/": { status: 200, body: { details: [{ Keyword: { Id: 671 }, Value: "stcatherines.org.uk" }] } },
    "GET /account/school-admins/9000001/": { status: 200, body: { success: true, admins: ["Tom E."], youAreAdmin: false } },
    "GET /account/school-admins/9000004/": { status: 200, body: { success: true, admins: ["Helen W."], youAreAdmin: false } },
    "GET /account/countries/": { status: 200, body: { countries: [{ Id: 209, Description: "United Kingdom" }] } },
    "GET /account/states/": { status: 200, body: { states: [] } },
    ...overrides,
  };
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const method = init.method ?? "GET";
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const found = replies[`${method} ${url.split("?")[0]}`];
    const reply = typeof found === "function" ? await found() : (found ?? { status: 404 });
    return new Response(JSON.stringify(reply.body ?? {}), { status: reply.status, headers: { "Content-Type": "application/json" } });
  });
  return calls;
}

/** The wizard root as the register page's macro renders it. */
export function mountWizard(wizard: Record<string, unknown>) {
  const markup = templates.renderString(
    '{% from "macros/register-wizard.njk" import registerWizardRoot %}{% call registerWizardRoot(wizard) %}<h2>Server screen</h2>{% endcall %}',
    { wizard: { next: "/resources/", emailDomainKeywordId: 671, userSeatBenefitId: 301, adminSeatBenefitId: 302, supportEmail: "learning@greyfriars.example", ...wizard } },
  );
  return mountWidget(insertMarkup(markup, "register-wizard"), parseRegisterWizard, RegisterWizard);
}

export const resumeAt = (step: string, school: SelectedSchool = oakfield, pathway = "state-school") => mountWizard({ constituentId: 42, resume: { pathway, school, step } });

export const posts = (calls: Call[], path: string) => calls.filter((call) => call.method === "POST" && call.url.startsWith(path));

