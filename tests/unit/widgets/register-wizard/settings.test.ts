import { registerWizardAttributes, type RegisterWizardSettings } from "../../../../contracts/rules/register-wizard-settings";
import { parseRegisterWizard } from "../../../../widgets/register-wizard/parse";

/** The root the server writes for these settings (the macro spreads the same attributes). */
function rootFor(settings: RegisterWizardSettings): HTMLElement {
  const element = document.createElement("div");
  element.setAttribute("data-widget", "register-wizard");
  for (const [name, value] of Object.entries(registerWizardAttributes(settings))) element.setAttribute(name, value);
  return element;
}

// One schema, both sides: what the register page writes is what the widget reads back.
describe("the register wizard's settings", () => {
  it("reads back every setting the server writes", () => {
    const school = { name: "Oakfield", constituentId: 7 };
    const settings = {
      next: "/events/",
      constituentId: 42,
      email: "ann@oakfield.sch.uk",
      returnUrl: "/account/invite/accept/?token=t",
      linkSchool: true,
      paymentStatus: "success",
      sessionId: "cs_1",
      emailDomainKeywordId: 3,
      userSeatBenefitId: 4,
      adminSeatBenefitId: 5,
      supportEmail: "help@example.org",
      resume: { pathway: "state-school", school, step: "confirmSchool" },
      renewal: { kind: "school", endedOn: "3 October 2026", pathway: "independent-school", school },
      fundId: 17,
      individualLevelId: 9,
      individualMonthlyLevelId: 10,
      seatLevels: [{ id: 11, seats: 5 }],
    } satisfies RegisterWizardSettings;
    const props = parseRegisterWizard(rootFor(settings));
    const { resume, renewal, seatLevels, ...scalars } = settings;
    expect(props).toMatchObject({ ...scalars, next: settings.returnUrl, resume, renewal, seatLevels });
  });

  it("writes no attribute for a setting left out, so the widget reads its default", () => {
    expect(registerWizardAttributes({ next: "/resources/", constituentId: undefined, linkSchool: false, plans: [] })).toEqual({
      "data-next": "/resources/",
      "data-plans": "[]",
    });
    expect(parseRegisterWizard(rootFor({ next: "/resources/" }))).toMatchObject({ constituentId: null, linkSchool: false, email: "", fundId: null });
  });
});
