import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import AccountForm from "../../../widgets/account-form/AccountForm";
import { parseAccountForm } from "../../../widgets/account-form/parse";
import { ACCOUNT_FORM_SUCCESS_EVENT } from "../../../widgets/lib/account-form-success-event";
import { insertMarkup, mountWidget, setCsrfMeta } from "../support/widget-harness";
import { jsonResponse, renderTemplate } from "./render-template";

/** The password form as My account renders it (templates/pages/account/my-account.njk). */
function mountPasswordForm(params: Record<string, unknown> = {}) {
  const markup = renderTemplate(
    `{% from "macros/account-form.njk" import accountForm %}{% from "macros/form-fields.njk" import textInput %}
    <strong id="email" data-account-detail="Email">old@example.org</strong>
    {% call accountForm(params) %}
      {{ textInput({ name: "Password", id: "change-password-Password", label: "Current password", type: "password", required: true, errors: params.errors }) }}
      {{ textInput({ name: "NewPassword", id: "change-password-NewPassword", label: "New password", type: "password", required: true, errors: params.errors }) }}
      {{ textInput({ name: "ConfirmPassword", id: "change-password-ConfirmPassword", label: "Confirm new password", type: "password", required: true, errors: params.errors,
          attributes: { "data-must-match": "NewPassword", "data-match-message": "Passwords do not match", "data-client-only": "" } }) }}
    {% endcall %}`,
    {
      params: {
        id: "change-password",
        action: "/account/update-password/",
        method: "PUT",
        csrfToken: "page-token",
        submitLabel: "Change password",
        successMessage: "Password changed successfully!",
        resetOnSuccess: true,
        ...params,
      },
    },
  );
  return mountWidget(insertMarkup(markup, "account-form"), parseAccountForm, AccountForm).root;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function fillIn(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string) {
  // An empty string leaves that field as it is.
  if (current) await user.type(field("Current password"), current);
  if (next) await user.type(field("New password"), next);
  if (confirm) await user.type(field("Confirm new password"), confirm);
}

beforeEach(() => setCsrfMeta("meta-token"));
afterEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe("account form", () => {
  it("sends the fields as JSON with the CSRF header and shows the success notice in a status region", async () => {
    const user = userEvent.setup();
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(jsonResponse(200, { success: true, csrfToken: "rotated-token" }));
    const root = mountPasswordForm();
    await fillIn(user, "Old-pass-1!", "Curtain-call-42?", "Curtain-call-42?");
    await user.click(screen.getByRole("button", { name: "Change password" }));

    expect(await screen.findByText("Password changed successfully!")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Password changed successfully!");
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/account/update-password/");
    expect(init?.method).toBe("PUT");
    expect(new Headers(init?.headers).get("X-CSRFToken")).toBe("meta-token");
    // Spec fields only: no CSRF field, no confirmation.
    expect(JSON.parse(String(init?.body))).toEqual({ Password: "Old-pass-1!", NewPassword: "Curtain-call-42?" });

    // The fields are cleared, and the rotated session's token replaces the old one everywhere.
    expect(field("New password").value).toBe("");
    expect(document.querySelector('meta[name="csrf-token"]')).toHaveAttribute("content", "rotated-token");
    expect(root.querySelector<HTMLInputElement>('input[name="_csrf"]')?.value).toBe("rotated-token");
  });

  it('blocks sending with "Passwords do not match" until the confirmation matches', async () => {
    const user = userEvent.setup();
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(jsonResponse(200, { success: true }));
    mountPasswordForm();
    await fillIn(user, "Old-pass-1!", "Curtain-call-42?", "Curtain-call-43?");
    expect(field("Confirm new password").validationMessage).toBe("Passwords do not match");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(fetch).not.toHaveBeenCalled();
    await user.clear(field("Confirm new password"));
    await user.type(field("Confirm new password"), "Curtain-call-42?");
    expect(field("Confirm new password").validationMessage).toBe("");
  });

  it("shows the server's field errors beside the fields and in a focused summary that links to them", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      jsonResponse(400, { success: false, errors: { Password: ["The password you entered is incorrect. Enter your current password."] } }),
    );
    mountPasswordForm();
    await fillIn(user, "Wrong-pass-1!", "Curtain-call-42?", "Curtain-call-42?");
    await user.click(screen.getByRole("button", { name: "Change password" }));

    const summary = await screen.findByRole("alert");
    expect(summary).toHaveAccessibleName("There is a problem");
    await waitFor(() => expect(summary).toHaveFocus());
    expect(field("Current password")).toHaveAttribute("aria-invalid", "true");
    expect(field("Current password")).toHaveAccessibleDescription(/The password you entered is incorrect/);
    expect(screen.queryByRole("status")).toBeEmptyDOMElement();

    await user.click(screen.getByRole("link", { name: /The password you entered is incorrect/ }));
    expect(field("Current password")).toHaveFocus();
  });

  it("clears old errors once a later send succeeds", async () => {
    const user = userEvent.setup();
    const fetch = vi.spyOn(globalThis, "fetch");
    fetch.mockResolvedValueOnce(jsonResponse(400, { success: false, errors: { NewPassword: ["Too easy to guess."] } }));
    fetch.mockResolvedValueOnce(jsonResponse(200, { success: true }));
    mountPasswordForm();
    await fillIn(user, "Old-pass-1!", "Password1!", "Password1!");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    await screen.findByRole("alert");
    await user.clear(field("New password"));
    await user.clear(field("Confirm new password"));
    await fillIn(user, "", "Curtain-call-42?", "Curtain-call-42?");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    await screen.findByText("Password changed successfully!");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(field("New password")).not.toHaveAttribute("aria-invalid");
    expect(document.querySelector(".form-group--error")).toBeNull();
  });

  it("says what to do when the server cannot be reached, or the session has ended", async () => {
    const user = userEvent.setup();
    const fetch = vi.spyOn(globalThis, "fetch");
    fetch.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    fetch.mockResolvedValueOnce(new Response("", { status: 401 }));
    mountPasswordForm();
    await fillIn(user, "Old-pass-1!", "Curtain-call-42?", "Curtain-call-42?");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not reach the server. Check your connection and try again.");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("You have been signed out. Sign in again, then try once more."));
  });

  it("announces success on its root, lets a container take the notice over, and shows saved details on the page", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      jsonResponse(200, { success: true, account_details: { Prefix: -1, FirstName: "Priya", LastName: "Shah", Email: "new@example.org" } }),
    );
    const root = mountPasswordForm();
    const heard: unknown[] = [];
    root.parentElement!.addEventListener(ACCOUNT_FORM_SUCCESS_EVENT, (event) => {
      heard.push((event as CustomEvent).detail.message);
      event.preventDefault();
    });
    await fillIn(user, "Old-pass-1!", "Curtain-call-42?", "Curtain-call-42?");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(heard).toEqual(["Password changed successfully!"]));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    expect(document.querySelector("#email")).toHaveTextContent("new@example.org");
  });

  it("keeps a notice and errors the server rendered after a plain form post", () => {
    mountPasswordForm({ notice: "Password changed successfully!" });
    expect(screen.getByRole("status")).toHaveTextContent("Password changed successfully!");
    document.body.replaceChildren();
    mountPasswordForm({ errors: { ConfirmPassword: ["Passwords do not match"] } });
    expect(screen.getByRole("alert")).toHaveTextContent("Passwords do not match");
    expect(screen.getByRole("link", { name: "Passwords do not match" })).toHaveAttribute("href", "#change-password-ConfirmPassword");
    // The field keeps the server's error markup until the next answer.
    expect(field("Confirm new password")).toHaveAttribute("aria-invalid", "true");
  });
});
