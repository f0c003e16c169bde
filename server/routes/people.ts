import { Router } from "express";
import type { PeopleService } from "../people";
import { notFound } from "../http/errors";
import { redirectToSlashed } from "./slashed-redirect";

/** The People page (profile covers by team) and each person's own page, the covers' no-JavaScript target. */
export function peopleRoutes(options: { people: PeopleService }): Router {
  const { people } = options;
  const router = Router({ strict: true });

  router.get("/people/", async (_req, res) => {
    res.render("pages/people.njk", { teams: await people.teams() });
  });

  router.get("/people/:slug/", async (req, res) => {
    const person = await people.findPerson(req.params.slug);
    if (!person) throw notFound();
    res.render("pages/profile.njk", { person });
  });

  router.get("/people", redirectToSlashed);
  router.get("/people/:slug", redirectToSlashed);
  return router;
}
