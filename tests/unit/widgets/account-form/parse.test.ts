import { accountFormDefaultStrings, parseAccountForm } from "../../../../widgets/account-form/parse";
import { WidgetConfigError } from "../../../../widgets/lib/options";

function rootWith(html: string, attributes = ""): HTMLElement {
  document.body.innerHTML = `<div data-widget="account-form" id="f" ${attributes}>${html}</div>`;
  return document.body.firstElementChild as HTMLElement;
}

afterEach(() => document.body.replaceChildren());

describe("parseAccountForm", () => {
  it("reads the form, the options, and any server-rendered notice and error summary", () => {
    const root = rootWith(
      `<div class="alert alert--success" role="status"><p class="alert__text">Profile updated successfully!</p></div>
       <div class="error-summary"><ul><li><a href="#f-Email">Bad email</a></li><li>Wait</li></ul></div>
       <form method="post" action="/account/update-profile/"></form>`,
      'data-method="PUT" data-success-message="Saved!" data-reset-on-success data-i18n-network-error="No network"',
    );
    const props = parseAccountForm(root);
    expect(props.form).toBe(root.querySelector("form"));
    expect(props).toMatchObject({
      action: "/account/update-profile/",
      method: "PUT",
      successMessage: "Saved!",
      resetOnSuccess: true,
      initialNotice: "Profile updated successfully!",
      initialProblems: [
        { text: "Bad email", href: "#f-Email" },
        { text: "Wait", href: null },
      ],
    });
    expect(props.strings).toEqual({ ...accountFormDefaultStrings, networkError: "No network" });
  });

  it("defaults to POST, no reset, no notice", () => {
    const props = parseAccountForm(rootWith('<form action="/account/contact-us-form/"></form>'));
    expect(props).toMatchObject({ method: "POST", resetOnSuccess: false, initialNotice: null, initialProblems: [] });
  });

  it("explains what is missing or wrong", () => {
    expect(() => parseAccountForm(rootWith("<div><form action='/x'></form></div>"))).toThrow(WidgetConfigError);
    expect(() => parseAccountForm(rootWith("<form></form>"))).toThrow(/action/);
    expect(() => parseAccountForm(rootWith('<form action="/x"></form>', 'data-method="DELETE"'))).toThrow(/data-method/);
  });
});
