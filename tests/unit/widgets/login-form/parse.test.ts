import { loginFormDefaultStrings, parseLoginForm } from "../../../../widgets/login-form/parse";

function root(attributes: Record<string, string>): HTMLElement {
  const element = document.createElement("div");
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
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
    ).toEqual({
      next: "/resources/",
      email: "member@example.org",
      password: "",
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
    element.innerHTML = '<form><input name="email" type="email"><input name="password" type="password"></form>';
    element.querySelector<HTMLInputElement>('[name="email"]')!.value = "typed@example.org";
    element.querySelector<HTMLInputElement>('[name="password"]')!.value = "Typed-early-1!";
    expect(parseLoginForm(element)).toMatchObject({ email: "typed@example.org", password: "Typed-early-1!" });
  });

  it("works with no attributes at all (a page from another backend)", () => {
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
