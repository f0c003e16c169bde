import http from "node:http";
import type { AddressInfo } from "node:net";
import { CRM_IDS } from "../../../../server/crm/crm-ids";
import type { Kysely } from "kysely";
import type { CrmPort } from "../../../../server/crm/crm-port";
import { basicAuthorization } from "../../../../server/crm/tessitura/http-client";
import { createTessituraCrm } from "../../../../server/crm/tessitura/tessitura-crm";
import type { Database } from "../../../../server/db/schema";
import { STAND_IN_CREDENTIALS, STAND_IN_SALE, monthsAfter } from "./stand-in-settings";
import { SwaggerValidator } from "./swagger-validator";

/*
 * A stand-in TessituraService for tests: a node:http server with its records
 * in memory, answering the operations the Tessitura adapter uses. Every
 * request and every answer is checked against the vendor's Swagger
 * description; what does not match is kept in `violations` (tests assert it
 * stays empty), and the request is refused with a 400 as Tessitura would.
 * Fault switches make it slow, failing (500), refusing our credentials (401)
 * or answering something that is not JSON.
 */

export { STAND_IN_CREDENTIALS, STAND_IN_SALE, standInSettings } from "./stand-in-settings";

/** The site's Tessitura adapter on the stand-in at `baseUrl`, with the test id set, as CRM_PROVIDER=tessitura makes it (without the breaker). */
export function standInCrm(baseUrl: string, db: Kysely<Database>): CrmPort {
  return createTessituraCrm({ connection: { baseUrl, ...STAND_IN_CREDENTIALS }, ids: CRM_IDS.test, db, sale: STAND_IN_SALE, referenceDataRefreshMs: 60_000 });
}

export interface StandInFaults {
  /** Milliseconds to wait before answering. */
  delayMs?: number;
  status500?: boolean;
  status401?: boolean;
  malformedJson?: boolean;
}

type Row = Record<string, unknown> & { Id: number };

let sharedValidator: SwaggerValidator | undefined;
const standInIds = CRM_IDS.test;

export class TessituraStandIn {
  readonly violations: string[] = [];
  readonly requests: string[] = [];
  faults: StandInFaults = {};
  private readonly server: http.Server;
  private nextId = 1000;
  private readonly validator = (sharedValidator ??= new SwaggerValidator());
  readonly constituents = new Map<number, Row>();
  readonly addresses = new Map<number, Row>();
  readonly electronicAddresses = new Map<number, Row>();
  readonly attributes = new Map<number, Row>();
  readonly phones = new Map<number, Row>();
  readonly affiliations = new Map<number, Row>();
  readonly memberships = new Map<number, Row>();
  /** Web sessions: the constituent set on each, its cart's contribution lines and payments. */
  /** Each open web cart: its constituent, contributions, payments taken elsewhere (Payments/Other) and invoice payments (owed: Payments/Invoice). */
  readonly carts = new Map<string, { constituentId?: number; contributions: Row[]; payments: Row[]; invoices: Row[] }>();
  /** Contributions checked out, each with the payments applied to its cart (what an organisation's finance staff would see). */
  readonly checkedOut: { constituentId: number; contribution: Row; payments: Row[]; invoices: Row[]; membershipId?: number }[] = [];
  /** Payments recorded at checkout, as /CRM/PaymentHistory lists them (PaymentHistory rows: ConstituentId, Notes…), oldest first. */
  readonly paymentHistory: Row[] = [];
  /** Keywords (attribute types), as /ReferenceData/Keywords and …/{id} answer them: the email domain keyword of CRM_IDS.test, and another. */
  keywords: Row[] = [
    { Id: 671, Description: "Email Domain", DataType: "String", MultipleValue: true },
    { Id: 700, Description: "Interests", DataType: "String", MultipleValue: true },
  ];
  /**
   * How a renewal (a contribution with Renew) is dated: by default a new
   * membership record from the constituent's latest expiry (or now, if
   * lapsed); true, that latest membership itself runs a term longer.
   * Tessitura's own behaviour has not been checked: the adapter takes either.
   */
  renewalsInPlace = false;
  countries: Row[] = [
    { Id: 209, Description: "United Kingdom", Inactive: false },
    { Id: 1, Description: "USA", Inactive: false },
  ];
  states: Row[] = [{ Id: 51, Description: "Scotland", Inactive: false, Country: { Id: 209, Description: "United Kingdom", Inactive: false } }];
  /**
   * The reference data the adapter checks crm-ids.ts against: by default, everything of the test set, and one more of each.
   * A level's Expiry is how many months a membership at it runs from checkout (Tessitura's level rule), set up as
   * docs/crm.md asks an organisation to: the monthly plan's level a month, every other a year.
   */
  membershipLevels: Row[] = [
    ...new Set([
      standInIds.membershipLevels.individual,
      standInIds.membershipLevels.individualMonthly,
      standInIds.membershipLevels.stateSchool,
      ...standInIds.membershipLevels.seatLevels.map((level) => level.id),
      120,
    ]),
  ].map((Id) => ({ Id, Description: `Level ${Id}`, Inactive: false, Expiry: Id === standInIds.membershipLevels.individualMonthly ? 1 : 12 }));
  affiliationTypes: Row[] = [...Object.values(standInIds.affiliationTypes), 10060].map((Id) => ({ Id, Description: `Affiliation ${Id}`, Inactive: false, UseSalary: true }));
  constituentTypes: Row[] = [...Object.values(standInIds.constituentTypes), 4].map((Id) => ({ Id, Description: `Type ${Id}`, Inactive: false }));
  addressTypes: Row[] = [standInIds.addressTypeId, 9].map((Id) => ({ Id, Description: `Address type ${Id}`, Inactive: false }));
  electronicAddressTypes: Row[] = [standInIds.emailAddressTypeId, 9].map((Id) => ({ Id, Description: `Email type ${Id}`, Inactive: false, IsEmail: true }));
  originalSources: Row[] = [standInIds.originalSourceId, 9].map((Id) => ({ Id, Description: `Source ${Id}`, Inactive: false }));
  phoneTypes: Row[] = [standInIds.phoneTypeId, 9].map((Id) => ({ Id, Description: `Phone type ${Id}`, Inactive: false }));

  constructor() {
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  /** Listens on 127.0.0.1, on any free port unless given one (the e2e stand-in server's fixed port); answers the base URL. */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, "127.0.0.1", resolve);
    });
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/TessituraService`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private id(): number {
    return this.nextId++;
  }

  /** A membership record as Tessitura would list it: made by a checkout, or by a test for given dates (a cart cannot choose them). */
  addMembership(constituentId: number, levelId: number, initiation: string, expiration: string): number {
    const Id = this.id();
    const holder = this.constituents.get(constituentId);
    this.memberships.set(Id, {
      Id,
      Constituent: { Id: constituentId, DisplayName: String(holder?.LastName ?? ""), SortName: String(holder?.LastName ?? "") },
      InitiationDate: initiation,
      ExpirationDate: expiration,
      MembershipLevel: { Id: levelId },
      IsCurrent: true,
    });
    return Id;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const method = req.method ?? "GET";
    const full = new URL(req.url ?? "/", "http://stand-in.invalid");
    const prefix = "/TessituraService";
    const path = full.pathname.startsWith(prefix) ? full.pathname.slice(prefix.length) : full.pathname;
    const exchange = { method, url: path + full.search, body: text === "" ? undefined : (JSON.parse(text) as unknown) };
    this.requests.push(`${method} ${path}${full.search}`);

    if (this.faults.delayMs) await new Promise((resolve) => setTimeout(resolve, this.faults.delayMs));
    if (res.destroyed) return;
    if (req.headers.authorization !== basicAuthorization(STAND_IN_CREDENTIALS) || this.faults.status401) return this.send(res, 401, { Message: "Authorization has been denied for this request." });
    if (this.faults.status500) return this.send(res, 500, { Message: "An error has occurred." });
    if (this.faults.malformedJson) {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end("{\"Id\": 12, ");
      return;
    }

    const problems = this.validator.validateRequest(exchange);
    if (problems.length > 0) {
      this.violations.push(...problems);
      return this.send(res, 400, { Message: problems.join("; ") });
    }
    const answer = this.route(method, path, full.searchParams, exchange.body as Row | undefined);
    if (answer.status === 200) {
      const responseProblems = this.validator.validateResponse(exchange, 200, answer.body);
      this.violations.push(...responseProblems);
    }
    this.send(res, answer.status, answer.body);
  }

  private send(res: http.ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(body === undefined ? "" : JSON.stringify(body));
  }

  private route(method: string, path: string, query: URLSearchParams, body: Row | undefined): { status: number; body?: unknown } {
    const notFound = { status: 404, body: { Message: "Not found" } };
    const segments = path.split("/").filter(Boolean);
    // A web session key is the third segment of /Web/Session/{key}… and /Web/Cart/{key}….
    const sessionKey = segments[0]?.toLowerCase() === "web" && segments.length > 2 ? decodeURIComponent(segments[2]!) : undefined;
    const key = `${method} /${segments.map((segment, index) => (sessionKey !== undefined && index === 2 ? "{key}" : /^\d+$/.test(segment) ? "{id}" : segment)).join("/")}`.toLowerCase();
    const cart = sessionKey === undefined ? undefined : this.carts.get(sessionKey);
    const idInPath = Number(segments.find((segment) => /^\d+$/.test(segment)));
    const now = new Date().toISOString();

    switch (key) {
      case "get /referencedata/countries":
        return { status: 200, body: this.countries };
      case "get /referencedata/states":
        return { status: 200, body: this.states };
      case "get /finance/membershiplevels":
        return { status: 200, body: this.membershipLevels };
      case "get /referencedata/keywords":
        return { status: 200, body: this.keywords };
      case "get /referencedata/affiliationtypes":
        return { status: 200, body: this.affiliationTypes };
      case "get /referencedata/constituenttypes":
        return { status: 200, body: this.constituentTypes };
      case "get /referencedata/addresstypes":
        return { status: 200, body: this.addressTypes };
      case "get /referencedata/electronicaddresstypes":
        return { status: 200, body: this.electronicAddressTypes };
      case "get /referencedata/originalsources":
        return { status: 200, body: this.originalSources };
      case "get /referencedata/phonetypes":
        return { status: 200, body: this.phoneTypes };
      case "post /crm/constituents/detail": {
        const Id = this.id();
        const name = String(body!.LastName ?? "");
        const first = body!.FirstName ? String(body!.FirstName) : "";
        const row: Row = { ...body!, Id, DisplayName: first ? `${first} ${name}` : name, SortName: first ? `${name}/${first}` : name, CreatedDateTime: now, UpdatedDateTime: now };
        this.constituents.set(Id, row);
        return { status: 200, body: row };
      }
      case "get /crm/constituents/{id}/detail": {
        const row = this.constituents.get(idInPath);
        if (!row) return notFound;
        const addresses = [...this.addresses.values()].filter((address) => (address.Constituent as Row).Id === idInPath);
        const emails = [...this.electronicAddresses.values()].filter((address) => (address.Constituent as Row).Id === idInPath);
        const phones = [...this.phones.values()].filter((phone) => (phone.Constituent as Row).Id === idInPath);
        return { status: 200, body: { ...row, Addresses: addresses, ElectronicAddresses: emails, PhoneNumbers: phones } };
      }
      case "get /crm/constituents/{id}": {
        const row = this.constituents.get(idInPath);
        return row ? { status: 200, body: this.plain(row) } : notFound;
      }
      case "put /crm/constituents/{id}": {
        const row = this.constituents.get(idInPath);
        if (!row) return notFound;
        const name = String(body!.LastName ?? row.LastName);
        const updated: Row = { ...row, ...body!, Id: idInPath, DisplayName: row.FirstName ? `${String(row.FirstName)} ${name}` : name, SortName: name, UpdatedDateTime: now };
        this.constituents.set(idInPath, updated);
        return { status: 200, body: this.plain(updated) };
      }
      case "get /crm/electronicaddresses": {
        const address = query.get("address")?.toLowerCase();
        const asked = query.get("constituentIds")?.split(",").map(Number);
        const constituents = asked?.flatMap((id) => [...this.withAffiliates(id, query)]);
        const rows = [...this.electronicAddresses.values()].filter(
          (row) => (address === undefined || String(row.Address).toLowerCase() === address) && (constituents === undefined || constituents.includes((row.Constituent as Row).Id)),
        );
        return { status: 200, body: rows };
      }
      case "get /crm/constituents/search": {
        const found = this.search(query);
        if (!found) return { status: 400, body: { Message: "Invalid search" } };
        const summaries = found.map((row) => ({ Id: row.Id, DisplayName: String(row.DisplayName), LastName: String(row.LastName ?? ""), ConstituentType: String((row.ConstituentType as Row).Id) }));
        return { status: 200, body: { ConstituentSummaries: summaries, SearchMetadata: { Total: summaries.length } } };
      }
      case "get /crm/constituents": {
        const wanted = (query.get("constituentIds") ?? "").split(",").map(Number);
        return { status: 200, body: wanted.flatMap((id) => (this.constituents.has(id) ? [this.plain(this.constituents.get(id)!)] : [])) };
      }
      case "get /referencedata/keywords/{id}": {
        const keyword = this.keywords.find((row) => row.Id === idInPath);
        return keyword ? { status: 200, body: keyword } : notFound;
      }
      case "post /crm/addresses":
      case "post /crm/electronicaddresses":
      case "post /crm/attributes":
      case "post /crm/phones":
      case "post /crm/affiliations": {
        const table = this.table(segments[1]!);
        const constituentId = ((body!.Constituent ?? body!.IndividualConstituent) as Row).Id;
        if (!this.constituents.has(constituentId)) return { status: 400, body: { Message: "Invalid constituent" } };
        const Id = this.id();
        const row: Row = { ...body!, Id, CreatedDateTime: now, UpdatedDateTime: now };
        table.set(Id, row);
        return { status: 200, body: table === this.affiliations ? this.named(row) : row };
      }
      case "get /crm/addresses/{id}":
      case "get /crm/affiliations/{id}": {
        const table = this.table(segments[1]!);
        const row = table.get(idInPath);
        return row ? { status: 200, body: table === this.affiliations ? this.named(row) : row } : notFound;
      }
      case "put /crm/addresses/{id}":
      case "put /crm/electronicaddresses/{id}":
      case "put /crm/phones/{id}":
      case "put /crm/affiliations/{id}": {
        const table = this.table(segments[1]!);
        const existing = table.get(idInPath);
        if (!existing) return notFound;
        const row: Row = { ...existing, ...body!, Id: idInPath, UpdatedDateTime: now };
        table.set(idInPath, row);
        return { status: 200, body: table === this.affiliations ? this.named(row) : row };
      }
      case "delete /crm/attributes/{id}":
      case "delete /crm/addresses/{id}":
      case "delete /crm/electronicaddresses/{id}":
      case "delete /crm/phones/{id}":
        return this.table(segments[1]!).delete(idInPath) ? { status: 204 } : notFound;
      case "get /crm/addresses": {
        const holders = this.withAffiliates(Number(query.get("constituentId")), query);
        return { status: 200, body: [...this.addresses.values()].filter((row) => holders.has((row.Constituent as Row).Id)) };
      }
      case "get /crm/phones": {
        const holders = this.withAffiliates(Number(query.get("constituentId")), query);
        return { status: 200, body: [...this.phones.values()].filter((row) => holders.has((row.Constituent as Row).Id)) };
      }
      case "get /crm/attributes": {
        const holders = this.withAffiliates(Number(query.get("constituentId")), query);
        return { status: 200, body: [...this.attributes.values()].filter((row) => holders.has((row.Constituent as Row).Id)) };
      }
      case "get /crm/affiliations": {
        const group = query.get("groupConstituentId");
        const individual = query.get("individualConstituentId");
        const rows = [...this.affiliations.values()].filter(
          (row) =>
            (group === null || (row.GroupConstituent as Row).Id === Number(group)) &&
            (individual === null || (row.IndividualConstituent as Row).Id === Number(individual)),
        );
        return { status: 200, body: rows.map((row) => this.named(row)) };
      }
      case "get /crm/memberships/details": {
        const constituentId = Number(query.get("constituentId"));
        return { status: 200, body: [...this.memberships.values()].filter((row) => (row.Constituent as Row).Id === constituentId) };
      }
      case "get /crm/paymenthistory": {
        // A constituent's own payments (and their affiliates' unless includeAffiliates=false), paged: page from 1, 100 a page by default.
        const holders = this.withAffiliates(Number(query.get("constituentId")), new URLSearchParams({ includeAffiliations: query.get("includeAffiliates") ?? "true" }));
        const rows = this.paymentHistory.filter((row) => holders.has(row.ConstituentId as number));
        const page = Number(query.get("page") ?? 1);
        const pageSize = Number(query.get("pageSize") ?? 100);
        const Items = rows.slice((page - 1) * pageSize, page * pageSize).map(({ Id: _id, ...item }) => item);
        return { status: 200, body: { TotalCount: rows.length, Page: page, PageSize: pageSize, Items } };
      }
      case "post /web/session": {
        const SessionKey = `S${this.id().toString(16)}X${Math.random().toString(36).slice(2, 10)}`;
        this.carts.set(SessionKey, { contributions: [], payments: [], invoices: [] });
        return { status: 200, body: { SessionKey } };
      }
      case "put /web/session/{key}/constituents": {
        const constituent = this.constituents.get(Number(body!.ConstituentId));
        if (!cart || !constituent) return { status: 400, body: { Message: "Invalid session or constituent" } };
        cart.constituentId = constituent.Id;
        return { status: 200, body: [{ Id: constituent.Id, DisplayName: String(constituent.DisplayName ?? constituent.LastName ?? "") }] };
      }
      case "post /web/cart/{key}/contributions": {
        if (!cart) return notFound;
        const LineItemId = this.id();
        cart.contributions.push({ ...body!, Id: LineItemId });
        return { status: 200, body: { LineItemId } };
      }
      case "post /web/cart/{key}/payments/other": {
        if (!cart) return notFound;
        const PaymentId = this.id();
        cart.payments.push({ ...body!, Id: PaymentId });
        return { status: 200, body: { PaymentId } };
      }
      case "post /web/cart/{key}/payments/invoice": {
        // A business-facing session's invoice payment: the order checks out owing the amount (15.2 refuses it only for a general public order).
        if (!cart) return notFound;
        const PaymentId = this.id();
        cart.invoices.push({ ...body!, Id: PaymentId });
        return { status: 200, body: { PaymentId } };
      }
      case "post /web/cart/{key}/checkout": {
        if (!cart || cart.constituentId === undefined || cart.contributions.length === 0) return { status: 400, body: { Message: "Nothing to check out" } };
        const owed = cart.contributions.reduce((sum, line) => sum + Number(line.Amount ?? 0), 0);
        const paid = [...cart.payments, ...cart.invoices].reduce((sum, payment) => sum + Number(payment.Amount ?? 0), 0);
        if (paid < owed && !body?.AllowUnderPayment) return { status: 400, body: { Message: "The cart is not paid in full" } };
        for (const payment of [...cart.payments, ...cart.invoices]) {
          const { Id, Amount, PaymentMethodId, Notes } = payment;
          this.paymentHistory.push({
            Id,
            PaymentId: Id,
            PaymentDate: now,
            ConstituentId: cart.constituentId,
            PaymentAmount: Number(Amount),
            PaymentMethod: `Method ${String(PaymentMethodId)}`,
            ...(Notes === undefined ? {} : { Notes: String(Notes) }),
          });
        }
        for (const contribution of cart.contributions) {
          const levelId = contribution.MembershipLevelId as number | undefined;
          const membershipId = levelId === undefined ? undefined : contribution.Renew ? this.renew(cart.constituentId, levelId) : this.addMembership(cart.constituentId, levelId, now, this.expiryAfter(levelId, new Date(now)).toISOString());
          this.checkedOut.push({ constituentId: cart.constituentId, contribution, payments: cart.payments, invoices: cart.invoices, membershipId });
        }
        this.carts.delete(sessionKey!);
        return { status: 200, body: { Status: "Success", Message: "" } };
      }
      default:
        this.violations.push(`${method} ${path}: the stand-in does not implement this operation`);
        return notFound;
    }
  }

  /**
   * /CRM/Constituents/Search as the adapter uses it: basic (a postcode, spaces ignored; or the start of a last or
   * first name), advanced (Email Like, SQL wildcards) and attribute (a keyword named by its description, Equals);
   * constituentGroups limits the kind. Matching ignores case, as Tessitura's database does. Undefined: a search
   * Tessitura would refuse.
   */
  private search(query: URLSearchParams): Row[] | undefined {
    const type = query.get("type");
    const lower = (value: unknown) => String(value ?? "").toLowerCase();
    let ids: Set<number>;
    if (type === "basic") {
      const post = query.get("post");
      const last = query.get("ln");
      const first = query.get("fn");
      if (post === null && last === null && first === null) return undefined;
      const postKey = (value: unknown) => String(value ?? "").replace(/\s+/g, "").toUpperCase();
      ids = new Set(
        [...this.constituents.values()]
          .filter(
            (row) =>
              (post === null || [...this.addresses.values()].some((address) => (address.Constituent as Row).Id === row.Id && !address.Inactive && postKey(address.PostalCode) === postKey(post))) &&
              (last === null || lower(row.LastName).startsWith(last.toLowerCase())) &&
              (first === null || lower(row.FirstName).startsWith(first.toLowerCase())),
          )
          .map((row) => row.Id),
      );
    } else if (type === "advanced") {
      if (query.get("atype") !== "Email" || query.get("op") !== "Like") return undefined;
      const pattern = new RegExp(`^${(query.get("value") ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/%/g, ".*").replace(/_/g, ".")}$`, "i");
      ids = new Set([...this.electronicAddresses.values()].filter((row) => !row.Inactive && pattern.test(String(row.Address))).map((row) => (row.Constituent as Row).Id));
    } else if (type === "attribute") {
      const keyword = this.keywords.find((row) => lower(row.Description) === lower(query.get("key")));
      if (!keyword || query.get("op") !== "Equals") return undefined;
      const value = lower(query.get("value"));
      ids = new Set([...this.attributes.values()].filter((row) => (row.Keyword as Row).Id === keyword.Id && lower(row.Value) === value).map((row) => (row.Constituent as Row).Id));
    } else return undefined;
    const groups = query.get("constituentGroups");
    const typeIds: number[] | undefined = groups === null ? undefined : groups.split(",").map((group) => (group === "individuals" ? 1 : group === "organizations" ? 8 : -1));
    return [...ids]
      .map((id) => this.constituents.get(id))
      .filter((row): row is Row => row !== undefined && (typeIds === undefined || typeIds.includes((row.ConstituentType as Row).Id)))
      .sort((a, b) => a.Id - b.Id);
  }

  /** The constituent, and unless includeAffiliations=false the constituents affiliated with it, whose records Tessitura adds (/CRM/Addresses, /CRM/Attributes, /CRM/Phones, /CRM/ElectronicAddresses?constituentIds=). */
  private withAffiliates(constituentId: number, query: URLSearchParams): Set<number> {
    const holders = new Set([constituentId]);
    if (query.get("includeAffiliations")?.toLowerCase() === "false") return holders;
    for (const row of this.affiliations.values()) {
      const group = (row.GroupConstituent as Row).Id;
      const individual = (row.IndividualConstituent as Row).Id;
      if (group === constituentId) holders.add(individual);
      if (individual === constituentId) holders.add(group);
    }
    return holders;
  }

  /**
   * When a membership at the level that starts at `from` ends, by the level's rule: its Expiry in months, on the same
   * day of the month (the month's last day when it has no such day). A level without Expiry runs a year.
   */
  expiryAfter(levelId: number, from: Date): Date {
    return monthsAfter(from, Number(this.membershipLevels.find((level) => level.Id === levelId)?.Expiry ?? 12));
  }

  /** A renewal at the level, dated from the constituent's latest expiry (or now): a new record, or that one extended (renewalsInPlace). */
  private renew(constituentId: number, levelId: number): number {
    const latest = [...this.memberships.values()]
      .filter((row) => (row.Constituent as Row).Id === constituentId)
      .sort((a, b) => Date.parse(String(b.ExpirationDate)) - Date.parse(String(a.ExpirationDate)))[0];
    const from = Math.max(Date.now(), latest ? Date.parse(String(latest.ExpirationDate)) : 0);
    const until = this.expiryAfter(levelId, new Date(from)).toISOString();
    if (latest && this.renewalsInPlace) {
      this.memberships.set(latest.Id, { ...latest, ExpirationDate: until, MembershipLevel: { Id: levelId } });
      return latest.Id;
    }
    return this.addMembership(constituentId, levelId, new Date(from).toISOString(), until);
  }

  /** An affiliation as Tessitura answers it: its group's and individual's names and sort names, as they are now, filled in (read-only fields a request does not send). */
  private named(row: Row): Row {
    const group = this.constituents.get((row.GroupConstituent as Row).Id);
    const individual = this.constituents.get((row.IndividualConstituent as Row).Id);
    return {
      ...row,
      GroupConstituentName: String(group?.DisplayName ?? ""),
      GroupConstituentSortName: String(group?.SortName ?? ""),
      IndividualConstituentName: String(individual?.DisplayName ?? ""),
      IndividualConstituentSortName: String(individual?.SortName ?? ""),
    };
  }

  /** A constituent as /CRM/Constituents/{id} answers it: the Constituent definition has no lists of addresses or the record's source. */
  private plain(row: Row): Row {
    const { Addresses: _addresses, ElectronicAddresses: _emails, OriginalSource: _source, PhoneNumbers: _phones, Salutations: _salutations, ...rest } = row;
    return rest as Row;
  }

  private table(name: string): Map<number, Row> {
    switch (name.toLowerCase()) {
      case "addresses":
        return this.addresses;
      case "electronicaddresses":
        return this.electronicAddresses;
      case "attributes":
        return this.attributes;
      case "phones":
        return this.phones;
      default:
        return this.affiliations;
    }
  }
}
