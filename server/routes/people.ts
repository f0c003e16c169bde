import { Router } from "express";
import type { Kysely } from "kysely";
import { findPerson, loadPeopleTeams } from "../people/people";
import type { Database } from "../db/schema";
import { notFound } from "../http/errors";
import { redirectToSlashed } from "./slashed-redirect";

/** The People page (profile covers by team) and each person's own page, the covers' no-JavaScript target. */
export function peopleRoutes(options: { db: Kysely<Database> }): Router {
  const { db } = options;
  const router = Router({ strict: true });

  router.get("/people/", async (_req, res) => {
    res.render("pages/people.njk", { teams: await loadPeopleTeams(db) });
  });

  router.get("/people/:slug/", async (req, res) => {
    const person = await findPerson(db, req.params.slug);
    if (!person) throw notFound();
    res.render("pages/profile.njk", { person });
  });

  router.get("/people", redirectToSlashed);
  router.get("/people/:slug", redirectToSlashed);
  return router;
}
