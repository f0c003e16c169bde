import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import ConfirmAction from "../../../widgets/confirm-action/ConfirmAction";
import { parseConfirmAction } from "../../../widgets/confirm-action/parse";
import { WidgetConfigError } from "../../../widgets/lib/options";
import { macroTemplates } from "../../support/macro-templates";
import { insertMarkup, mountWidget, resetDocument } from "../support/widget-harness";

configure({ asyncUtilTimeout: 5000 });

const templates = macroTemplates();

/** The confirmAction macro around a back-office form, as templates/pages/staff/school.njk calls it. */
function markup(params: Record<string, unknown> = {}): string {
  return templates.renderString(
    `{% from "macros/confirm-action.njk" import confirmAction %}{% call confirmAction(params) %}
      <form method="post" action="/staff/schools/7/domains/remove/" class="staff-inline-form">
        <input type="hidden" name="_csrf" value="token-1">
        <input type="hidden" name="domain" value="blotting.sch.uk">
        <button type="submit" class="button button--secondary" name="wholePerson" value="yes">Remove<span class="visually-hidden"> blotting.sch.uk</span></button>
      </form>{% endcall %}`,
    {
      params: {
        question: "Remove blotting.sch.uk from Blotting Paper High?",
        detail: "People with an address at blotting.sch.uk will no longer be able to join this school.",
        confirmLabel: "Remove domain",
        ...params,
      },
    },
  );
}

/** Every submit that reached the document: whether the widget held it back, and the button it was sent with. Each is stopped there (jsdom cannot navigate). */
let stopWatching = () => {};
function watchSubmits(): { prevented: boolean; submitter: HTMLElement | null }[] {
  const submits: { prevented: boolean; submitter: HTMLElement | null }[] = [];
  const watch = (event: SubmitEvent) => {
    submits.push({ prevented: event.defaultPrevented, submitter: event.submitter });
    event.preventDefault();
  };
  document.addEventListener("submit", watch);
  stopWatching = () => document.removeEventListener("submit", watch);
  return submits;
}

function mount(params: Record<string, unknown> = {}) {
  return mountWidget(insertMarkup(markup(params), "confirm-action"), parseConfirmAction, ConfirmAction);
}

const removeButton = () => screen.getByRole("button", { name: /^Remove ?blotting\.sch\.uk$/ });
const dialog = () => screen.getByRole("dialog", { name: "Remove blotting.sch.uk from Blotting Paper High?" });

async function ask(user: ReturnType<typeof userEvent.setup>) {
  await user.click(removeButton());
  await waitFor(() => expect(within(dialog()).getByRole("button", { name: "Cancel" })).toHaveFocus());
  return dialog();
}

beforeEach(() => {
  vi.spyOn(window, "scrollTo").mockImplementation(() => {});
});

afterEach(() => {
  stopWatching();
  resetDocument();
});

describe("confirm action", () => {
  it("keeps the server's form as it is (its fields and button) and shows no dialog until it is submitted", () => {
    const { root } = mount();
    const form = root.querySelector("form")!;
    expect(form).toHaveAttribute("action", "/staff/schools/7/domains/remove/");
    expect(form.querySelector<HTMLInputElement>("input[name=_csrf]")!.value).toBe("token-1");
    expect(removeButton()).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("asks in an APG modal dialog named by the question and described by the detail; focus starts on Cancel", async () => {
    const user = userEvent.setup();
    const submits = watchSubmits();
    mount();
    const shown = await ask(user);
    expect(shown).toHaveAttribute("aria-modal", "true");
    expect(shown).toHaveAccessibleDescription("People with an address at blotting.sch.uk will no longer be able to join this school.");
    expect(within(shown).getByRole("heading", { level: 2, name: "Remove blotting.sch.uk from Blotting Paper High?" })).toBeInTheDocument();
    expect(within(shown).getByRole("button", { name: "Remove domain" })).toBeInTheDocument();
    expect(submits).toEqual([{ prevented: true, submitter: removeButton() }]);
  });

  it("Escape closes it without posting and focus goes back to the button", async () => {
    const user = userEvent.setup();
    const submits = watchSubmits();
    mount();
    await ask(user);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(removeButton()).toHaveFocus();
    expect(submits.filter((submit) => !submit.prevented)).toEqual([]);
  });

  it("Cancel (and Close) close it without posting and focus goes back to the button", async () => {
    const user = userEvent.setup();
    const submits = watchSubmits();
    mount();
    await ask(user);
    await user.click(within(dialog()).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(removeButton()).toHaveFocus());
    await ask(user);
    await user.click(within(dialog()).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(removeButton()).toHaveFocus());
    expect(submits.filter((submit) => !submit.prevented)).toEqual([]);
  });

  it("keeps focus in the dialog on Tab", async () => {
    const user = userEvent.setup();
    mount();
    const shown = await ask(user);
    for (let step = 0; step < 4; step += 1) {
      await user.tab();
      expect(shown.contains(document.activeElement)).toBe(true);
    }
  });

  it("Confirm posts the form once, with the button that was pressed", async () => {
    const user = userEvent.setup();
    const submits = watchSubmits();
    mount();
    await ask(user);
    await user.click(within(dialog()).getByRole("button", { name: "Remove domain" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(submits).toEqual([
      { prevented: true, submitter: removeButton() },
      { prevented: false, submitter: removeButton() },
    ]);
  });

  it("asks again after a cancelled ask (each submit asks)", async () => {
    const user = userEvent.setup();
    const submits = watchSubmits();
    mount();
    await ask(user);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(removeButton()).toHaveFocus());
    await user.keyboard("{Enter}");
    await waitFor(() => expect(dialog()).toBeInTheDocument());
    expect(submits.every((submit) => submit.prevented)).toBe(true);
  });

  it("says which attribute is missing", () => {
    expect(() => parseConfirmAction(insertMarkup(markup({ question: "" }), "confirm-action"))).toThrow(WidgetConfigError);
    const bare = insertMarkup('<div data-widget="confirm-action" data-question="Remove?"><button>Remove</button></div>', "confirm-action");
    expect(() => parseConfirmAction(bare)).toThrow(/needs the <form>/);
  });
});
