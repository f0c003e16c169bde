import { customValidityProblem, updateCustomValidity } from "../../../../widgets/account-form/custom-validity";

function setUp(): HTMLFormElement {
  document.body.innerHTML = `<strong id="current">Priya@Example.org</strong>
    <form>
      <input name="NewPassword">
      <input name="ConfirmPassword" data-must-match="NewPassword" data-match-message="Passwords do not match">
      <input name="Email" data-must-differ-from="#current" data-differ-message="Please enter a new email address">
    </form>`;
  return document.querySelector("form")!;
}

const field = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as HTMLInputElement;

afterEach(() => document.body.replaceChildren());

describe("custom validity", () => {
  it('says "Passwords do not match" until the confirmation matches', () => {
    const form = setUp();
    field(form, "NewPassword").value = "Curtain-call-42?";
    field(form, "ConfirmPassword").value = "Curtain-call-42";
    expect(customValidityProblem(field(form, "ConfirmPassword"), form)).toBe("Passwords do not match");
    field(form, "ConfirmPassword").value = "Curtain-call-42?";
    expect(customValidityProblem(field(form, "ConfirmPassword"), form)).toBe("");
  });

  it('says "Please enter a new email address" for the current address, in any case or spacing', () => {
    const form = setUp();
    field(form, "Email").value = "  priya@example.ORG ";
    expect(customValidityProblem(field(form, "Email"), form)).toBe("Please enter a new email address");
    field(form, "Email").value = "new@example.org";
    expect(customValidityProblem(field(form, "Email"), form)).toBe("");
  });

  it("leaves empty fields to required", () => {
    const form = setUp();
    field(form, "NewPassword").value = "something";
    expect(customValidityProblem(field(form, "ConfirmPassword"), form)).toBe("");
  });

  it("sets the messages through the constraint API, so the form will not submit", () => {
    const form = setUp();
    field(form, "NewPassword").value = "one";
    field(form, "ConfirmPassword").value = "two";
    updateCustomValidity(form);
    expect(field(form, "ConfirmPassword").validationMessage).toBe("Passwords do not match");
    expect(form.checkValidity()).toBe(false);
    field(form, "ConfirmPassword").value = "one";
    updateCustomValidity(form);
    expect(form.checkValidity()).toBe(true);
  });
});
