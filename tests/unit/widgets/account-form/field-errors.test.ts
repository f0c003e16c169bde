import { showFieldErrors, summaryItemsFor } from "../../../../widgets/account-form/field-errors";

/** Markup as templates/macros/form-fields.njk writes it. */
function form(): HTMLFormElement {
  document.body.innerHTML = `<form>
    <div class="form-group">
      <label class="form-label" for="f-FirstName">First name</label>
      <input class="form-input" id="f-FirstName" name="FirstName">
    </div>
    <div class="form-group form-group--error">
      <label class="form-label" for="f-LastName">Last name</label>
      <span class="form-hint" id="f-LastName-hint">As on your register</span>
      <p class="form-error-message" id="f-LastName-error"><span class="visually-hidden">Error: </span>Old message</p>
      <input class="form-input" id="f-LastName" name="LastName" aria-describedby="f-LastName-hint f-LastName-error" aria-invalid="true">
    </div>
  </form>`;
  return document.querySelector("form")!;
}

afterEach(() => document.body.replaceChildren());

describe("showFieldErrors", () => {
  it("marks a field as the macro does: group class, message line before the control, aria-invalid, aria-describedby", () => {
    const element = form();
    showFieldErrors(element, { FirstName: ["Enter your first name", "And another"] });
    const field = element.querySelector<HTMLInputElement>("#f-FirstName")!;
    expect(field.closest(".form-group")).toHaveClass("form-group--error");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAttribute("aria-describedby", "f-FirstName-error");
    const line = element.querySelector("#f-FirstName-error")!;
    expect(line.nextElementSibling).toBe(field);
    expect(line).toHaveClass("form-error-message");
    expect(line.textContent).toBe("Error: Enter your first nameError: And another");
    expect(line.querySelectorAll("br")).toHaveLength(1);
    expect(field).toHaveAccessibleDescription(/Enter your first name.*And another/);
  });

  it("clears errors from fields that no longer have any, keeping their hints", () => {
    const element = form();
    showFieldErrors(element, {});
    const field = element.querySelector<HTMLInputElement>("#f-LastName")!;
    expect(field.closest(".form-group")).not.toHaveClass("form-group--error");
    expect(field).not.toHaveAttribute("aria-invalid");
    expect(field).toHaveAttribute("aria-describedby", "f-LastName-hint");
    expect(element.querySelector("#f-LastName-error")).toBeNull();
  });

  it("replaces a field's old message rather than adding a second", () => {
    const element = form();
    showFieldErrors(element, { LastName: ["New message"] });
    expect(element.querySelectorAll("#f-LastName-error")).toHaveLength(1);
    expect(element.querySelector("#f-LastName-error")?.textContent).toBe("Error: New message");
    expect(element.querySelector("#f-LastName")).toHaveAttribute("aria-describedby", "f-LastName-hint f-LastName-error");
  });
});

describe("summaryItemsFor", () => {
  it("links each message to its field, and leaves form-wide messages unlinked", () => {
    expect(summaryItemsFor(form(), { FirstName: ["Enter your first name"], __all__: ["Wait 15 minutes"], Unknown: ["Odd"] })).toEqual([
      { text: "Enter your first name", href: "#f-FirstName" },
      { text: "Wait 15 minutes", href: null },
      { text: "Odd", href: null },
    ]);
  });
});
