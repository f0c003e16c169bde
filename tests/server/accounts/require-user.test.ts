import express from "express";
import request from "supertest";
import type { CurrentUser } from "../../../server/accounts/current-user";
import { requireUser } from "../../../server/http/require-user";

/** The real middleware behind a stand-in for loadCurrentUser, which the sign-in tests cover. */
function appWith(user?: CurrentUser) {
  const app = express();
  app.use(express.json());
  app.use((req, _res, next) => {
    req.currentUser = user;
    next();
  });
  app.get("/account/my-account/", requireUser, (_req, res) => void res.send("my account"));
  app.put("/account/update-profile/", requireUser, (_req, res) => void res.json({ success: true }));
  return app;
}

describe("requireUser", () => {
  const ada: CurrentUser = { id: 7, email: "ada@example.org", firstName: "Ada", lastName: "Okoro" };

  it("lets a signed-in user through", async () => {
    expect((await request(appWith(ada)).get("/account/my-account/")).text).toBe("my account");
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
});
