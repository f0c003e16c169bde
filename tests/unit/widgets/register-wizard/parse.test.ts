import { WidgetConfigError } from "../../../../widgets/lib/options";
import { parseRegisterWizard } from "../../../../widgets/register-wizard/parse";

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

  it("names the attribute when the constituent id is not a number", () => {
    expect(() => parseRegisterWizard(root({ "data-constituent-id": "abc" }))).toThrow(WidgetConfigError);
    expect(() => parseRegisterWizard(root({ "data-constituent-id": "abc" }))).toThrow(/data-constituent-id/);
  });
});
