import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import AccountForm from "../../../widgets/account-form/AccountForm";
import { parseAccountForm } from "../../../widgets/account-form/parse";
import EditUsersDialog from "../../../widgets/edit-users-dialog/EditUsersDialog";
import { parseEditUsersDialog } from "../../../widgets/edit-users-dialog/parse";
import { jsonResponse, renderTemplate } from "../account-form/render-template";
import { insertMarkup, mountWidget, setCsrfMeta } from "../support/widget-harness";

/** The School tab's Edit users block with its invite form, both widgets mounted as the runtime would. */
function mountEditUsers() {
  const markup = renderTemplate(
    `{% from "macros/edit-users-dialog.njk" import editUsersDialog %}{% from "macros/account-form.njk" import accountForm %}
    {% from "macros/form-fields.njk" import textInput %}
    {% call editUsersDialog({ id: "edit-users", title: "Invite a user" }) %}
      {% call accountForm({ id: "invite-user", action: "/account/invite-user/", method: "POST", csrfToken: "t",
          submitLabel: "Send invite", successMessage: "Invite sent successfully!", resetOnSuccess: true }) %}
        <input type="hidden" name="organisationConstituentId" value="12" data-json-type="number">
        <input type="hidden" name="membershipId" value="34" data-json-type="number">
        {{ textInput({ name: "email", id: "invite-user-email", label: "Their email address", type: "email", required: true }) }}
      {% endcall %}
    {% endcall %}`,
    {},
  );
  const root = insertMarkup(markup, "edit-users-dialog");
  const formRoot = root.querySelector<HTMLElement>('[data-widget="account-form"]')!;
  mountWidget(root, parseEditUsersDialog, EditUsersDialog);
  mountWidget(formRoot, parseAccountForm, AccountForm);
  return root;
}

const openButton = () => screen.getByRole("button", { name: "Edit users" });

beforeEach(() => setCsrfMeta("meta-token"));
afterEach(() => {
  cleanup();
  document.head.replaceChildren();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe("edit-users dialog", () => {
  it("shows an Edit users button; the invite form waits in a hidden dialog", () => {
    mountEditUsers();
    expect(openButton()).toHaveAttribute("aria-haspopup", "dialog");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens a modal dialog named by its heading, focused on the email field, and closes on Escape", async () => {
    const user = userEvent.setup();
    mountEditUsers();
    await user.click(openButton());
    expect(screen.getByRole("dialog", { name: "Invite a user" })).toHaveAttribute("aria-modal", "true");
    await waitFor(() => expect(screen.getByLabelText("Their email address")).toHaveFocus());
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(openButton()).toHaveFocus());
  });

  it("sends the invite as JSON, then closes and says 'Invite sent successfully!'", async () => {
    const user = userEvent.setup();
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(jsonResponse(200, { success: true }));
    mountEditUsers();
    await user.click(openButton());
    await user.type(screen.getByLabelText("Their email address"), "new.teacher@example.org");
    await user.click(screen.getByRole("button", { name: "Send invite" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(fetch.mock.calls[0]![0]).toBe("/account/invite-user/");
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({ email: "new.teacher@example.org", organisationConstituentId: 12, membershipId: 34 });
    const statuses = screen.getAllByRole("status", { hidden: true });
    expect(statuses.filter((status) => status.textContent === "Invite sent successfully!")).toHaveLength(1);
  });

  it("keeps the dialog open with the server's message when sending fails", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      jsonResponse(503, { success: false, errors: { __all__: ["There was an error sending the invite. Please try again."] } }),
    );
    mountEditUsers();
    await user.click(openButton());
    await user.type(screen.getByLabelText("Their email address"), "new.teacher@example.org");
    await user.click(screen.getByRole("button", { name: "Send invite" }));
    expect(await screen.findByText("There was an error sending the invite. Please try again.")).toBeVisible();
    expect(screen.getByRole("dialog")).toBeVisible();
  });
});
