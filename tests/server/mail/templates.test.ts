import { createMailRenderer } from "../../../server/mail/mail-renderer";
import { repositoryMailRenderer, sampleContexts, testMailGlobals } from "./support";

const renderer = repositoryMailRenderer();
const templateNames = Object.keys(sampleContexts) as (keyof typeof sampleContexts)[];

describe("mail templates", () => {
  it.each(templateNames)("%s renders a subject, a text body and an HTML page", (name) => {
    const mail = renderer.render(name, sampleContexts[name]);
    expect(mail.subject).toMatch(/\S/);
    expect(mail.subject).not.toMatch(/\n/);
    expect(mail.text).not.toMatch(/^Subject:/);
    expect(mail.text.trim().length).toBeGreaterThan(40);
    expect(mail.html).toMatch(/^<!doctype html>\s*<html lang="en-GB">/);
    expect(mail.html).toContain(`<title>${mail.subject}</title>`);
    expect(mail.html).toContain(`mailto:${testMailGlobals.supportEmail}`);
  });

  it("puts the reset link, its lifetime and the name in both versions of password-reset and set-password", () => {
    for (const name of ["password-reset", "set-password"] as const) {
      const context = sampleContexts[name];
      const mail = renderer.render(name, context);
      expect(mail.text).toContain(`Hello Ada,`);
      expect(mail.text).toContain(`\n${context.resetUrl}\n`);
      expect(mail.text).toContain("expires in 60 minutes");
      expect(mail.html).toContain(`href="${context.resetUrl}"`);
      expect(mail.html).toContain("expires in 60 minutes");
    }
    expect(renderer.render("password-reset", sampleContexts["password-reset"]).subject).toBe("Reset your Greyfriars Playhouse password");
    expect(renderer.render("set-password", sampleContexts["set-password"]).subject).toBe("Set a password for your Greyfriars Playhouse account");
  });

  it("tells the old address about the new one in email-changed", () => {
    const mail = renderer.render("email-changed", sampleContexts["email-changed"]);
    expect(mail.text).toContain("was changed to ada.new@example.com");
    expect(mail.html).toContain("<strong>ada.new@example.com</strong>");
  });

  it("escapes visitor input in the HTML body, and keeps the text body literal", () => {
    const mail = renderer.render("contact-message", {
      name: "Tom & Jerry <script>alert(1)</script>",
      email: "tom@example.com",
      subject: 'Bookings "now"',
      message: "First line\n<img src=x onerror=alert(1)>",
    });
    expect(mail.html).not.toContain("<script>alert(1)</script>");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("Tom &amp; Jerry &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(mail.html).toContain("Bookings &quot;now&quot;");
    expect(mail.text).toContain("Name: Tom & Jerry <script>alert(1)</script>");
    expect(mail.text).toContain("First line\n<img src=x onerror=alert(1)>");
    expect(mail.subject).toBe('Website message: Bookings "now"');
  });

  it("keeps line breaks typed into a subject out of the Subject line and the body", () => {
    const mail = renderer.render("contact-message", { ...sampleContexts["contact-message"], subject: "Line one\r\nBcc: evil@example.com" });
    expect(mail.subject).toBe("Website message: Line one Bcc: evil@example.com");
    expect(mail.text).not.toMatch(/^Bcc:/m);
  });

  it("fails, naming the variable, when the context lacks one", () => {
    expect(() => renderer.render("password-reset", { firstName: "Ada" })).toThrow(/resetUrl|undefined/);
  });

  it("refuses template names that are paths", () => {
    expect(() => renderer.render("../layouts/base", {})).toThrow(/lower-case words joined by hyphens/);
  });

  it("requires a Subject line at the top of the text template", () => {
    const fixtures = new URL("./fixtures/", import.meta.url).pathname;
    const broken = createMailRenderer(fixtures, testMailGlobals);
    expect(() => broken.render("no-subject", {})).toThrow("templates/mail/no-subject.txt.njk must start with a line \"Subject: …\".");
  });
});
