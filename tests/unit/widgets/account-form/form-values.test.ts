import { jsonBodyOf } from "../../../../widgets/account-form/form-values";

function form(html: string): HTMLFormElement {
  document.body.innerHTML = `<form>${html}</form>`;
  return document.querySelector("form")!;
}

afterEach(() => document.body.replaceChildren());

describe("jsonBodyOf", () => {
  it("sends named fields as typed, without the CSRF field, buttons or client-only fields", () => {
    const body = jsonBodyOf(
      form(`<input type="hidden" name="_csrf" value="token">
        <input name="Password" value=" spaced ">
        <input name="NewPassword" value="New-pass-1!">
        <input name="ConfirmPassword" value="New-pass-1!" data-client-only>
        <textarea name="message">Line one\nLine two</textarea>
        <input name="disabled" value="x" disabled>
        <input value="no name">
        <button type="submit" name="go" value="1">Send</button>`),
    );
    expect(body).toEqual({ Password: " spaced ", NewPassword: "New-pass-1!", message: "Line one\nLine two" });
  });

  it('sends data-json-type="number" fields as numbers when they hold a whole number', () => {
    const body = jsonBodyOf(
      form(`<select name="Prefix" data-json-type="number"><option value="-1" selected>None</option></select>
        <input name="Count" data-json-type="number" value="many">`),
    );
    expect(body).toEqual({ Prefix: -1, Count: "many" });
  });

  it("sends only checked boxes and radios, and the selected option's value", () => {
    const body = jsonBodyOf(
      form(`<input type="checkbox" name="news" value="yes">
        <input type="radio" name="tab" value="a"><input type="radio" name="tab" value="b" checked>
        <select name="subject"><option value="">Choose</option><option selected>Resources &amp; lesson plans</option></select>`),
    );
    expect(body).toEqual({ tab: "b", subject: "Resources & lesson plans" });
  });
});
