import { WidgetConfigError } from "../../../../widgets/lib/options";
import { loginFormDefaultStrings, parseLoginForm } from "../../../../widgets/login-form/parse";

/** The widget's root with the server's own form inside it, as every page that has the widget renders it. */
function root(attributes: Record<string, string>): HTMLElement {
  const element = document.createElement("div");
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.innerHTML = '<form><input name="email" type="email"><input name="password" type="password"></form>';
  return element;
}

describe("parseLoginForm", () => {
  it("reads next, email, the server's error and the links", () => {
    expect(
      parseLoginForm(
        root({
          "data-next": "/resources/",
          "data-email": "member@example.org",
          "data-error": "Login failed. Please check your credentials and try again.",
          "data-forgot-password-href": "/reset/",
          "data-register-href": "/account/register/",
        }),
      ),
    ).toMatchObject({
      next: "/resources/",
      email: "member@example.org",
      error: "Login failed. Please check your credentials and try again.",
      forgotPasswordHref: "/reset/",
      registerHref: "/account/register/",
      notice: null,
      offerSignInLink: false,
      signInLinkHref: "/account/login/email-link/",
      strings: loginFormDefaultStrings,
    });
  });

  it("starts from what was typed into the server's form before the script arrived", () => {
    const element = root({ "data-email": "member@example.org" });
    const email = element.querySelector<HTMLInputElement>('[name="email"]')!;
    const password = element.querySelector<HTMLInputElement>('[name="password"]')!;
    email.value = "typed@example.org";
    password.value = "Typed-early-1!";
    // The very elements are adopted, so what was typed (the password too) stays in them.
    expect(parseLoginForm(element)).toMatchObject({ email: "typed@example.org", emailField: email, passwordField: password });
    expect(password.value).toBe("Typed-early-1!");
  });

  it("needs the server's fields: without them it is a configuration error (the runtime leaves the server's markup)", () => {
    const bare = document.createElement("div");
    expect(() => parseLoginForm(bare)).toThrow(WidgetConfigError);
  });

  it("works with no data attributes at all (a page from another backend)", () => {
    expect(parseLoginForm(root({}))).toMatchObject({ next: null, email: "", error: null, forgotPasswordHref: "/account/forgot-password/", registerHref: null });
  });

  it.each(["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)"])("refuses next=%s", (next) => {
    expect(parseLoginForm(root({ "data-next": next })).next).toBeNull();
  });

  it("takes i18n overrides", () => {
    expect(parseLoginForm(root({ "data-i18n-submit-label": "Mewngofnodi" })).strings.submitLabel).toBe("Mewngofnodi");
  });

  it("uses the spec's messages by default", () => {
    expect(loginFormDefaultStrings).toMatchObject({
      missingFields: "Please enter email and password",
      sessionFailed: "Session creation failed. Please try again.",
      loginError: "An error occurred while logging in. Please try again.",
      loginFailed: "Login failed. Please check your credentials and try again.",
    });
  });
});
