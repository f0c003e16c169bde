import express from "express";
import request from "supertest";
import type { CurrentUser } from "../../../server/accounts/current-user";
import { requireUser } from "../../../server/http/require-user";
import type { OriginRule } from "../../../server/http/site-origin";

const site = "https://www.example.org";
const withPublicUrl: OriginRule = { publicOrigin: site, publicUrlIsSet: true };

/** The real middleware behind a stand-in for loadCurrentUser, which the sign-in tests cover. */
function appWith(user?: CurrentUser, rule: OriginRule = withPublicUrl) {
  const app = express();
  app.use(express.json());
  app.use(express.urlencoded({ extended: false }));
  app.use((req, _res, next) => {
    req.currentUser = user;
    next();
  });
  app.get("/account/my-account/", requireUser(rule), (_req, res) => void res.send("my account"));
  app.put("/account/update-profile/", requireUser(rule), (_req, res) => void res.json({ success: true }));
  app.post("/account/update-profile/", requireUser(rule), (_req, res) => void res.send("saved"));
  return app;
}

/** A plain form post, as a browser without JavaScript sends it from `referer`. */
function formPostFrom(app: express.Express, referer: string | undefined) {
  const post = request(app).post("/account/update-profile/").type("form").set("Accept", "text/html");
  if (referer !== undefined) post.set("Referer", referer);
  return post.send({ FirstName: "Ada" });
}

describe("requireUser", () => {
  const ada: CurrentUser = { id: 7, email: "ada@example.org", firstName: "Ada", lastName: "Okoro", prefixId: -1, ownMemberships: [] };

  it("lets a signed-in user through", async () => {
    expect((await request(appWith(ada)).get("/account/my-account/")).text).toBe("my account");
    expect((await formPostFrom(appWith(ada), `${site}/patterns/account-form/`)).text).toBe("saved");
  });

  it("sends a signed-out visitor to sign in, then back to the page and its query", async () => {
    const response = await request(appWith()).get("/account/my-account/?tab=school").set("Accept", "text/html");
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/account/login/?next=%2Faccount%2Fmy-account%2F%3Ftab%3Dschool");
  });

  it("answers a signed-out API call with 401 JSON", async () => {
    const response = await request(appWith()).put("/account/update-profile/").send({ FirstName: "Ada" });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ success: false, errors: { __all__: ["You must be signed in."] } });
  });

  describe("a signed-out plain form post", () => {
    it("comes back, after signing in, to the page the form was on (its address only takes posts)", async () => {
      const response = await formPostFrom(appWith(), `${site}/patterns/account-form/?example=1#details`);
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe(`/account/login/?next=${encodeURIComponent("/patterns/account-form/?example=1")}`);
    });

    it.each([
      ["no Referer", undefined],
      ["another site's page", "https://evil.example/patterns/account-form/"],
      ["the same path on another origin", "http://www.example.org/patterns/account-form/"],
      ["a Referer that is not an address", "not a url"],
      ["the form's own address (a refusal re-rendered there)", `${site}/account/update-profile/`],
    ])("comes back to My account when the Referer is %s", async (_case, referer) => {
      const response = await formPostFrom(appWith(), referer);
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe(`/account/login/?next=${encodeURIComponent("/account/my-account/")}`);
    });

    it("with PUBLIC_URL unset, takes a Referer at the address the browser used", async () => {
      const app = appWith(undefined, { publicOrigin: "http://localhost:3000", publicUrlIsSet: false });
      const response = await formPostFrom(app, "http://127.0.0.1:3000/patterns/account-form/").set("Host", "127.0.0.1:3000");
      expect(response.headers.location).toBe(`/account/login/?next=${encodeURIComponent("/patterns/account-form/")}`);
      const elsewhere = await formPostFrom(app, "http://192.168.1.20:3000/patterns/account-form/").set("Host", "127.0.0.1:3000");
      expect(elsewhere.headers.location).toBe(`/account/login/?next=${encodeURIComponent("/account/my-account/")}`);
    });
  });
});
