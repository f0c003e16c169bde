import http from "node:http";
import { TessituraStandIn } from "../../server/crm/tessitura/stand-in";

/*
 * The stand-in TessituraService (tests/server/crm/tessitura/stand-in.ts) as a
 * process of its own, for the e2e site server started with
 * CRM_PROVIDER=tessitura (playwright.config.ts). `tsx` this file with
 * STAND_IN_PORT (the TessituraService, under /TessituraService) and
 * STAND_IN_CONTROL_PORT: the control port answers GET /violations with what
 * the stand-in recorded against Tessitura's Swagger description
 * (`{violations, requests}`), for the tessitura-*.spec.ts to assert on;
 * GET /checked-out?email= the contributions checked out for the constituents
 * whose email address that is (each with its payments and the membership it
 * made, and its invoice payments, owed: what finance staff would see in Tessitura), so a spec sees only its
 * own person's whatever the other specs buy meanwhile, or ?constituentId= for
 * one constituent's (a school's, which has no email address); POST
 * /memberships?email=&level=&initiation=&expiration= a membership record of
 * those dates for the constituent of that email address (as one made in
 * Tessitura before the site knew them: a cart cannot choose its dates), for a
 * renewal journey to start from; GET /affiliations?groupConstituentId= a
 * school's affiliations as Tessitura holds them (who, of which type, from and
 * until when), for the school journeys (tessitura-schools.spec.ts); and GET /readyz for Playwright to wait on.
 */

const port = Number(process.env.STAND_IN_PORT);
const controlPort = Number(process.env.STAND_IN_CONTROL_PORT);
if (!Number.isInteger(port) || !Number.isInteger(controlPort)) {
  console.error("Set STAND_IN_PORT and STAND_IN_CONTROL_PORT.");
  process.exit(1);
}

const standIn = new TessituraStandIn();
await standIn.start(port);

const control = http.createServer((req, res) => {
  const path = new URL(req.url ?? "/", "http://control.invalid").pathname;
  if (req.method === "GET" && path === "/violations") {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ violations: standIn.violations, requests: standIn.requests.length }));
    return;
  }
  if (req.method === "GET" && path === "/checked-out") {
    const query = new URL(req.url ?? "/", "http://control.invalid").searchParams;
    const email = query.get("email")?.toLowerCase();
    const constituentId = Number(query.get("constituentId"));
    if (!email && !Number.isInteger(constituentId)) {
      res.writeHead(400, { "Content-Type": "text/plain" }).end("Give ?email= or ?constituentId=");
      return;
    }
    const holders = email
      ? new Set([...standIn.electronicAddresses.values()].filter((row) => String(row.Address).toLowerCase() === email).map((row) => (row.Constituent as { Id: number }).Id))
      : new Set([constituentId]);
    const checkedOut = standIn.checkedOut
      .filter((sale) => holders.has(sale.constituentId))
      .map((sale) => ({
        contribution: { Amount: sale.contribution.Amount, FundId: sale.contribution.FundId, MembershipLevelId: sale.contribution.MembershipLevelId, Renew: sale.contribution.Renew },
        payments: sale.payments.map((payment) => ({ Amount: payment.Amount, PaymentMethodId: payment.PaymentMethodId, Notes: payment.Notes })),
        invoices: sale.invoices.map((payment) => ({ Amount: payment.Amount, PaymentMethodId: payment.PaymentMethodId, Notes: payment.Notes })),
        membership: sale.membershipId === undefined ? null : (standIn.memberships.get(sale.membershipId) ?? null),
      }));
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ checkedOut }));
    return;
  }
  if (req.method === "GET" && path === "/affiliations") {
    const group = Number(new URL(req.url ?? "/", "http://control.invalid").searchParams.get("groupConstituentId"));
    if (!Number.isInteger(group)) {
      res.writeHead(400, { "Content-Type": "text/plain" }).end("Give ?groupConstituentId=");
      return;
    }
    const affiliations = [...standIn.affiliations.values()]
      .filter((row) => (row.GroupConstituent as { Id: number }).Id === group)
      .map((row) => ({ IndividualConstituentId: (row.IndividualConstituent as { Id: number }).Id, AffiliationTypeId: (row.AffiliationType as { Id: number }).Id, StartDate: row.StartDate ?? null, EndDate: row.EndDate ?? null }));
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ affiliations }));
    return;
  }
  if (req.method === "POST" && path === "/memberships") {
    const query = new URL(req.url ?? "/", "http://control.invalid").searchParams;
    const email = query.get("email")?.toLowerCase();
    const [holder, ...others] = [...standIn.electronicAddresses.values()].filter((row) => String(row.Address).toLowerCase() === email);
    const level = Number(query.get("level"));
    const initiation = query.get("initiation") ?? "";
    const expiration = query.get("expiration") ?? "";
    if (!holder || others.length > 0 || !Number.isInteger(level) || Number.isNaN(Date.parse(initiation)) || Number.isNaN(Date.parse(expiration))) {
      res.writeHead(400, { "Content-Type": "text/plain" }).end("Give ?email= of one constituent, level=, initiation= and expiration=");
      return;
    }
    const id = standIn.addMembership((holder.Constituent as { Id: number }).Id, level, new Date(initiation).toISOString(), new Date(expiration).toISOString());
    res.writeHead(201, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ Id: id }));
    return;
  }
  if (req.method === "GET" && path === "/readyz") {
    res.writeHead(200, { "Content-Type": "text/plain" });
    res.end("ready");
    return;
  }
  res.writeHead(404).end();
});
// Quiet (Playwright shows a web server's stderr): the site is given http://127.0.0.1:<STAND_IN_PORT>/TessituraService.
control.listen(controlPort, "127.0.0.1");

const stop = () => {
  control.close();
  void standIn.stop().finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
