import { readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../../../server/paths";

/*
 * docs/search.md once said the search box's default trigger was idle while the
 * code used interaction (issue 24). The default it documents is the one the
 * widget's definition declares.
 */
it("docs/search.md gives the search box's default data-hydrate as widgets/search-box/index.ts declares it", () => {
  const declared = /hydrate: "([a-z-]+)"/.exec(readFileSync(join(projectRoot, "widgets/search-box/index.ts"), "utf8"))?.[1];
  const documented = /`data-hydrate` \(default `([a-z-]+)`/.exec(readFileSync(join(projectRoot, "docs/search.md"), "utf8"))?.[1];
  expect(declared).toBe("interaction");
  expect(documented).toBe(declared);
});
