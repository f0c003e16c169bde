import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import AccountForm from "../../../widgets/account-form/AccountForm";
import { parseAccountForm } from "../../../widgets/account-form/parse";
import ChangeEmailDialog from "../../../widgets/change-email-dialog/ChangeEmailDialog";
import { parseChangeEmailDialog } from "../../../widgets/change-email-dialog/parse";
import { jsonResponse, renderTemplate } from "../account-form/render-template";
import { insertMarkup, mountWidget, setCsrfMeta } from "../support/widget-harness";

/** The change-email block of My account, with its nested form widget mounted too, as the runtime would. */
function mountChangeEmail(params: { open?: boolean } = {}) {
  const markup = renderTemplate(
    `{% from "macros/change-email-dialog.njk" import changeEmailDialog %}{% from "macros/account-form.njk" import accountForm %}
    {% from "macros/form-fields.njk" import textInput %}
    <p><a href="#elsewhere">Something before</a></p>
    {% call changeEmailDialog({ id: "change-email", email: "priya@example.org", open: open }) %}
      {% call accountForm({ id: "change-email-form", action: "/account/update-profile/", method: "PUT", csrfToken: "t",
          submitLabel: "Save email address", successMessage: "Email updated successfully!", resetOnSuccess: true }) %}
        {{ textInput({ name: "Email", id: "change-email-form-Email", label: "New email address", type: "email", required: true,
            attributes: { "data-must-differ-from": "#change-email-current", "data-differ-message": "Please enter a new email address" } }) }}
        {{ textInput({ name: "Password", id: "change-email-form-Password", label: "Current password", type: "password", required: true }) }}
      {% endcall %}
    {% endcall %}`,
    { open: params.open ?? false },
  );
  const root = insertMarkup(markup, "change-email-dialog");
  const formRoot = root.querySelector<HTMLElement>('[data-widget="account-form"]')!;
  mountWidget(root, parseChangeEmailDialog, ChangeEmailDialog);
  mountWidget(formRoot, parseAccountForm, AccountForm);
  return root;
}

const openButton = () => screen.getByRole("button", { name: "Change email address" });

beforeEach(() => {
  setCsrfMeta("meta-token");
});
afterEach(() => {
  // React first: the dialog is portalled into <body>, which is emptied next.
  cleanup();
  document.head.replaceChildren();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe("change-email dialog", () => {
  it("shows the current email and a button; the form waits in a hidden dialog", () => {
    mountChangeEmail();
    expect(screen.getByText("priya@example.org")).toBeVisible();
    expect(openButton()).toHaveAttribute("aria-haspopup", "dialog");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens an APG modal dialog named by its heading, focused on the first field", async () => {
    const user = userEvent.setup();
    mountChangeEmail();
    await user.click(openButton());
    const dialog = screen.getByRole("dialog", { name: "Change your email address" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    // At the end of <body>, so no ancestor can clip or trap it.
    expect(dialog.closest(".change-email-dialog")?.parentElement).toBe(document.body);
    await waitFor(() => expect(screen.getByLabelText("New email address")).toHaveFocus());
  });

  it("keeps Tab inside, and closes on Escape with focus back on the button", async () => {
    const user = userEvent.setup();
    mountChangeEmail();
    await user.click(openButton());
    const dialog = screen.getByRole("dialog");
    await waitFor(() => expect(screen.getByLabelText("New email address")).toHaveFocus());
    for (let step = 0; step < 6; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(openButton()).toHaveFocus());
  });

  it("closes with its Close button", async () => {
    const user = userEvent.setup();
    mountChangeEmail();
    await user.click(openButton());
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("starts open when the server sent the form back with errors", () => {
    mountChangeEmail({ open: true });
    expect(screen.getByRole("dialog", { name: "Change your email address" })).toBeVisible();
  });

  it("refuses the current address before sending", async () => {
    const user = userEvent.setup();
    const fetch = vi.spyOn(globalThis, "fetch");
    mountChangeEmail();
    await user.click(openButton());
    await user.type(screen.getByLabelText("New email address"), "Priya@example.org");
    await user.type(screen.getByLabelText("Current password"), "Secret-1!");
    expect((screen.getByLabelText("New email address") as HTMLInputElement).validationMessage).toBe("Please enter a new email address");
    await user.click(screen.getByRole("button", { name: "Save email address" }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("after a successful change: closes, says 'Email updated successfully!', and shows the new address", async () => {
    const user = userEvent.setup();
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      jsonResponse(200, { success: true, account_details: { Prefix: -1, FirstName: "Priya", LastName: "Shah", Email: "new@example.org" } }),
    );
    mountChangeEmail();
    await user.click(openButton());
    await user.type(screen.getByLabelText("New email address"), "New@example.org");
    await user.type(screen.getByLabelText("Current password"), "Secret-1!");
    await user.click(screen.getByRole("button", { name: "Save email address" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({ Email: "New@example.org", Password: "Secret-1!" });
    const statuses = screen.getAllByRole("status", { hidden: true });
    expect(statuses.filter((status) => status.textContent === "Email updated successfully!")).toHaveLength(1);
    expect(screen.getByText("new@example.org")).toBeVisible();
    await waitFor(() => expect(openButton()).toHaveFocus());
    // Opening again shows an empty form, and the new address now counts as the current one.
    await user.click(openButton());
    expect(screen.getByLabelText("New email address")).toHaveValue("");
  });
});
