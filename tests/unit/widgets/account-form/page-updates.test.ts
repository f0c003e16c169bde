import { showAccountDetails } from "../../../../widgets/account-form/page-updates";
import { replaceCsrfToken } from "../../../../widgets/lib/csrf-token";

afterEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
});

describe("replaceCsrfToken", () => {
  it("updates the meta tag and every form's hidden field", () => {
    document.head.innerHTML = '<meta name="csrf-token" content="old">';
    document.body.innerHTML = '<form><input type="hidden" name="_csrf" value="old"></form><form><input type="hidden" name="_csrf" value="old"></form>';
    replaceCsrfToken(document, "new");
    expect(document.querySelector('meta[name="csrf-token"]')).toHaveAttribute("content", "new");
    for (const field of document.querySelectorAll<HTMLInputElement>('input[name="_csrf"]')) expect(field.value).toBe("new");
  });
});

describe("showAccountDetails", () => {
  it("writes each saved detail, as text, wherever the page shows it", () => {
    document.body.innerHTML = '<strong data-account-detail="Email">old@example.org</strong><span data-account-detail="Email"></span><b data-account-detail="FirstName">Jo</b>';
    showAccountDetails(document, { Email: "<new>@example.org", Prefix: -1, Nested: { a: 1 } });
    for (const element of document.querySelectorAll('[data-account-detail="Email"]')) expect(element.textContent).toBe("<new>@example.org");
    expect(document.querySelector("strong")?.children).toHaveLength(0);
    expect(document.querySelector('[data-account-detail="FirstName"]')?.textContent).toBe("Jo");
  });
});
