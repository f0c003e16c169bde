import { macroTemplates } from "../../support/macro-templates";

/*
 * The site header's account links (templates/macros/site-header.njk),
 * rendered from the macro as the layout calls it.
 */
const templates = macroTemplates();
const site = { name: "Greyfriars Playhouse", nav: [{ label: "What's on", href: "/whats-on/" }] };

function header(params: object): string {
  return templates.renderString('{% from "macros/site-header.njk" import siteHeader %}{{ siteHeader(params) }}', {
    params: { site, ...params },
  });
}

/** The "Account" navigation landmark's markup. */
function accountNav(html: string): string {
  const nav = /<nav class="site-header__account" aria-label="Account">[\s\S]*?<\/nav>/.exec(html)?.[0];
  if (!nav) throw new Error("no account navigation in the header");
  return nav;
}

describe("site header account links", () => {
  const person = { id: 7, email: "priya@example.org", firstName: "Priya", lastName: "Shah" };

  it("shows My account and a Sign out POST form with the CSRF field when signed in", () => {
    const nav = accountNav(header({ currentPath: "/whats-on/", currentUser: person, csrfToken: "token-<1>" }));
    expect(nav).toContain('<a class="site-header__account-link" href="/account/my-account/">My account</a>');
    expect(nav).toContain('<form class="site-header__logout" method="post" action="/account/logout/">');
    expect(nav).toContain('<input type="hidden" name="_csrf" value="token-&lt;1&gt;">');
    expect(nav).toContain('<button class="site-header__logout-button" type="submit">Sign out</button>');
    expect(nav).not.toContain("Sign in");
  });

  it("marks My account as current inside the account area", () => {
    expect(accountNav(header({ currentPath: "/account/my-account/?tab=1", currentUser: person, csrfToken: "t" }))).toContain('aria-current="page"');
    expect(accountNav(header({ currentPath: "/account/dashboard/", currentUser: person, csrfToken: "t" }))).toContain('aria-current="true"');
  });

  it("shows Sign in, coming back to this page, when signed out", () => {
    const nav = accountNav(header({ currentPath: "/resources/?key-stage=ks3&page=2", currentUser: null }));
    expect(nav).toContain('href="/account/login/?next=%2Fresources%2F%3Fkey-stage%3Dks3%26page%3D2">Sign in</a>');
    expect(nav).not.toContain("Sign out");
    expect(accountNav(header({ currentPath: "/", currentUser: null }))).toContain('href="/account/login/">Sign in</a>');
    expect(accountNav(header({ currentPath: "/account/login/?next=%2F", currentUser: null }))).toContain('aria-current="page">Sign in</a>');
  });

  it("keeps the account links out of the main menu, after it in the source", () => {
    const html = header({ currentPath: "/", currentUser: person, csrfToken: "t" });
    const mainMenuEnd = html.indexOf("</nav>");
    expect(html.indexOf('aria-label="Account"')).toBeGreaterThan(mainMenuEnd);
  });
});
