import { parseChangeEmailDialog } from "../../../../widgets/change-email-dialog/parse";
import { WidgetConfigError } from "../../../../widgets/lib/options";

function rootWith(html: string, attributes = ""): HTMLElement {
  document.body.innerHTML = `<div data-widget="change-email-dialog" ${attributes}>${html}</div>`;
  return document.body.firstElementChild as HTMLElement;
}

const markup = `<p class="change-email__current">Your email address is <strong>a@example.org</strong></p>
  <div class="change-email__content"><h3 class="change-email__title" id="ce-title">Change your email address</h3><form></form></div>`;

afterEach(() => document.body.replaceChildren());

describe("parseChangeEmailDialog", () => {
  it("reads the current-email line, the dialog's content and its title", () => {
    const props = parseChangeEmailDialog(rootWith(markup, 'data-open data-i18n-open-label="Update email"'));
    expect(props.currentContent.map((node) => (node as Element).className)).toEqual(["change-email__current"]);
    expect(props.dialogContent.filter((node) => node instanceof Element).map((node) => node.nodeName)).toEqual(["H3", "FORM"]);
    expect(props.titleId).toBe("ce-title");
    expect(props.open).toBe(true);
    expect(props.strings).toEqual({ openLabel: "Update email", closeLabel: "Close" });
  });

  it("starts closed by default", () => {
    expect(parseChangeEmailDialog(rootWith(markup)).open).toBe(false);
  });

  it("explains what is missing", () => {
    expect(() => parseChangeEmailDialog(rootWith('<div class="change-email__content"></div>'))).toThrow(WidgetConfigError);
    expect(() => parseChangeEmailDialog(rootWith(markup.replace(' id="ce-title"', "")))).toThrow(/change-email__title/);
  });
});
