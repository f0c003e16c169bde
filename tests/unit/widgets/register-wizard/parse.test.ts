import { WidgetConfigError } from "../../../../widgets/lib/options";
import { parseRegisterWizard, parseResume } from "../../../../widgets/register-wizard/parse";

function root(attributes: Record<string, string>): HTMLElement {
  const element = document.createElement("div");
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

describe("parseRegisterWizard", () => {
  it("reads the page's starting data", () => {
    const props = parseRegisterWizard(
      root({
        "data-constituent-id": "42",
        "data-next": "/events/",
        "data-email": "invited@school.example",
        "data-return-url": "/resources/",
        "data-link-school": "true",
        "data-payment-status": "approved",
        "data-session-id": "cs_123",
        "data-support-email": " schools@theatre.example ",
      }),
    );
    expect(props).toMatchObject({
      constituentId: 42,
      next: "/resources/",
      email: "invited@school.example",
      returnUrl: "/resources/",
      linkSchool: true,
      paymentStatus: "approved",
      sessionId: "cs_123",
      supportEmail: "schools@theatre.example",
    });
  });

  it("defaults next to /account/my-account/ and refuses other sites", () => {
    expect(parseRegisterWizard(root({})).next).toBe("/account/my-account/");
    expect(parseRegisterWizard(root({})).supportEmail).toBe("");
    expect(parseRegisterWizard(root({ "data-next": "//evil.example", "data-return-url": "https://evil.example" })).next).toBe("/account/my-account/");
  });

  it("reads the plans, the fund, the individual levels and the seat levels", () => {
    const plan = { planType: "school-annual", label: "2–5 users", users: 5, priceText: "Annual plan £250.00", price: 250 };
    const props = parseRegisterWizard(
      root({
        "data-plans": JSON.stringify([plan, { planType: "gift" }]),
        "data-fund-id": "17",
        "data-individual-level-id": "95",
        "data-individual-monthly-level-id": "99",
        "data-seat-levels": JSON.stringify([{ id: 97, seats: 10 }, { id: 95, seats: 1 }]),
      }),
    );
    expect(props).toMatchObject({ plans: [plan], fundId: 17, individualLevelId: 95, individualMonthlyLevelId: 99, seatLevels: [{ id: 95, seats: 1 }, { id: 97, seats: 10 }] });
    expect(parseRegisterWizard(root({}))).toMatchObject({ plans: [], fundId: null, individualLevelId: null, individualMonthlyLevelId: null, seatLevels: [] });
    expect(() => parseRegisterWizard(root({ "data-fund-id": "x" }))).toThrow(/data-fund-id/);
  });

  it("names the attribute when the constituent id is not a number", () => {
    expect(() => parseRegisterWizard(root({ "data-constituent-id": "abc" }))).toThrow(WidgetConfigError);
    expect(() => parseRegisterWizard(root({ "data-constituent-id": "abc" }))).toThrow(/data-constituent-id/);
  });

  it("reads the school flow's ids, the support address and the resume point", () => {
    const resume = { pathway: "state-school", school: { name: "Oakfield Primary", constituentId: 9000001 }, step: "confirmSchool" };
    const props = parseRegisterWizard(
      root({
        "data-email-domain-keyword-id": "671",
        "data-user-seat-benefit-id": "301",
        "data-admin-seat-benefit-id": "302",
        "data-support-email": "learning@greyfriars.example",
        "data-resume": JSON.stringify(resume),
      }),
    );
    expect(props).toMatchObject({ emailDomainKeywordId: 671, userSeatBenefitId: 301, adminSeatBenefitId: 302, supportEmail: "learning@greyfriars.example", resume });
    expect(parseRegisterWizard(root({}))).toMatchObject({ emailDomainKeywordId: null, userSeatBenefitId: null, adminSeatBenefitId: null, resume: null });
    expect(() => parseRegisterWizard(root({ "data-user-seat-benefit-id": "seat" }))).toThrow(/data-user-seat-benefit-id/);
  });

  it.each([
    ["not JSON", "{"],
    ["an unknown step", JSON.stringify({ pathway: "state-school", school: null, step: "somewhere" })],
    ["not an object", "3"],
  ])("treats a resume point that is %s as none", (_case, raw) => {
    expect(parseResume(raw)).toBeNull();
  });

  it("keeps a resume point's step but drops an unknown pathway or a school without a name", () => {
    expect(parseResume(JSON.stringify({ pathway: "boarding", school: { URN: 1 }, step: "schoolTypeAndSearch" }))).toEqual({ pathway: null, school: null, step: "schoolTypeAndSearch" });
  });
});
