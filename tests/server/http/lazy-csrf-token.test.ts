import nunjucks from "nunjucks";
import { LazyCsrfToken } from "../../../server/http/page-locals";

describe("LazyCsrfToken", () => {
  it("issues nothing until printed, then issues once and prints the same token everywhere", () => {
    const issue = vi.fn(() => "token-1");
    const token = new LazyCsrfToken(issue);
    // Express copies res.locals into the render options: a copy must not issue.
    const copied = { ...{ csrfToken: token } };
    expect(issue).not.toHaveBeenCalled();

    const env = new nunjucks.Environment(null, { autoescape: true });
    const html = env.renderString('<meta content="{{ csrfToken }}"><input value="{{ csrfToken }}">{% if csrfToken %}yes{% endif %}', copied);
    expect(html).toBe('<meta content="token-1"><input value="token-1">yes');
    expect(JSON.stringify({ csrfToken: token })).toBe('{"csrfToken":"token-1"}');
    expect(issue).toHaveBeenCalledTimes(1);
  });

  it("is never issued by a template that does not print it", () => {
    const issue = vi.fn(() => "token-1");
    const env = new nunjucks.Environment(null, { autoescape: true });
    expect(env.renderString("<p>No form here</p>", { csrfToken: new LazyCsrfToken(issue) })).toBe("<p>No form here</p>");
    expect(issue).not.toHaveBeenCalled();
  });
});
