import { type AccountsService, createAccountsService, createEmailVerificationService, createSessionPeople, type EmailVerificationService } from "./accounts";
import { createAuditLog } from "./audit";
import { contentVersionReader } from "./cache/content-versions";
import type { Config } from "./config";
import { CRM_IDS, type CrmPort } from "./crm";
import { createCircuitBreakingCrm, watchCrmChanges } from "./crm/adapters";
import { chosenCrm } from "./configured-crm";
import type { DatabaseHandle } from "./db/database";
import { individualLevelFor } from "./domain/plans";
import { createEventsService, type EventsService } from "./events";
import { createGalleryService, type GalleryService } from "./gallery";
import { createReadinessProbe, type Readiness, type ReadinessProbe } from "./health/readiness-probe";
import type { Logger } from "./logging";
import { createMailboxService, type MailboxService } from "./mail/mailbox-service";
import type { Mailer } from "./mail/mailer";
import { createMemberAccess, createMembershipReminders, extendMembership, membershipSuspensions, type MembershipReminders } from "./memberships";
import {
  absorbHandEnteredSchool,
  algoliaIndexingFor,
  createRegisterUploads,
  createSchoolAdminService,
  createSchoolForStaff,
  createSchoolRecordsService,
  createSchoolSearch,
  createSeatGrantsService,
  SchoolRegister,
  schoolMergePreview,
  withSchoolLock,
  type SchoolAdminService,
  type SchoolRecordsService,
  type SchoolSearch,
  type SeatGrantsService,
} from "./schools";
import {
  createPaymentsService,
  createSchoolInvoicesService,
  moveSchoolOrders,
  type PaymentsService,
  type PaymentProvider,
  createSandboxProvider,
  type SandboxProvider,
  createStripeProvider,
  type StripeApiAddress,
  type SellerDetails,
  type SchoolInvoicesService,
  renewalByCard,
} from "./payments";
import { createPagesService, type PagesService } from "./pages";
import { createPeopleService, type PeopleService } from "./people";
import { createPrivacyService, type PrivacyService } from "./privacy";
import { createRequestsService, moveSchoolRequests, type RequestsService } from "./requests";
import type { RateLimiter } from "./rate-limit/rate-limit";
import type { RedisClient } from "./redis";
import { createResourcesService, createShareLinksService, createTeacherNotesService, type ResourcesService, type ShareLinksService, type TeacherNotesService } from "./resources";
import { createSitemapService, sitemapSourcesOf, type SitemapService } from "./seo";
import type { CachedSiteSearch } from "./search/cached-site-search";
import { displayNameOf } from "./mail/create-mailer";
import { createStaffService, type StaffService } from "./staff";

/**
 * The feature services, one per capability, as the routes receive them:
 * typed interfaces, never a database handle. Built once per process from the
 * adapters (server/services.ts), so a request pays for none of this.
 */
export interface FeatureServices {
  accounts: AccountsService;
  /** Verified email addresses: links, resuming the wizard (docs/crm.md, "Seats, admins and verified email"). */
  emailVerification: EmailVerificationService;
  /** Joining a school, the admin offer, the free state-school membership. */
  seats: SeatGrantsService;
  pages: PagesService;
  events: EventsService;
  resources: ResourcesService;
  /** A person's own note on each activity (docs/resources.md, "Teacher notes"). */
  teacherNotes: TeacherNotesService;
  /** Members' share links to resources and the student view (docs/resources.md "Share links"). */
  shareLinks: ShareLinksService;
  people: PeopleService;
  gallery: GalleryService;
  /** Site search is itself a port (server/search/search-port.ts); its adapter is chosen by the database. */
  siteSearch: CachedSiteSearch;
  /** School search is a port too (server/schools/search/school-search-port.ts), over the register (docs/schools.md). */
  schoolSearch: SchoolSearch;
  /** The registration wizard's school records over the CRM port (docs/crm.md "The wizard's calls"). */
  schoolRecords: SchoolRecordsService;
  mailbox: MailboxService;
  /** Roles at a school, the School tab and invites (docs/schools.md). */
  schools: SchoolAdminService;
  /** The basket, checkout, verified payment notifications and orders (docs/payments.md). */
  payments: PaymentsService;
  /** Download my data and Delete my account (docs/my-account.md, "Your data"). */
  privacy: PrivacyService;
  /** What people ask of the organisation: join and support requests, contact messages (docs/requests.md). */
  requests: RequestsService;
  readinessProbe: ReadinessProbe;
  /** /sitemap.xml and its parts (docs/seo.md). */
  sitemap: SitemapService;
  /** The site-wide content version (migration 0018), which keys the anonymous page cache. */
  siteContentVersion: () => Promise<number>;
  /** The back office's staff: sign-in, enrolment, staff accounts and the dashboard (docs/back-office.md). */
  staff: StaffService;
  /** Reminders before a membership ends, and each person's choice to get them (docs/memberships.md "Reminders"). */
  membershipReminders: MembershipReminders;
  /** Schools that pay by invoice: the order, the PDF, marking it paid, chasing it (docs/payments.md "Pay by invoice"). */
  schoolInvoices: SchoolInvoicesService;
}

export interface FeatureAdapters {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  redis?: RedisClient;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  siteSearch: CachedSiteSearch;
  readiness: Readiness;
  /** Tests only: where the Stripe SDK sends its calls (a local stand-in) instead of api.stripe.com. */
  stripeApi?: StripeApiAddress;
  /** Tests only: the CRM behind the circuit breaker, instead of the embedded one (a slow or failing stand-in). */
  crm?: CrmPort;
}

export function createFeatureServices(adapters: FeatureAdapters): FeatureServices {
  const { db } = adapters.database;
  // The embedded CRM, or Tessitura's REST API when CRM_PROVIDER=tessitura (docs/crm.md); either behind the same breaker.
  const crmIds = CRM_IDS[adapters.config.crmEnv];
  const guarded = guardedCrm(adapters, adapters.crm ?? chosenCrm(adapters.config, db, crmIds));
  // What each process keeps about a signed-in person (issue 27): any write through the port naming them drops it.
  const sessionPeople = createSessionPeople({ db, crm: guarded });
  const crm = watchCrmChanges(guarded, sessionPeople.forget);
  // Security-relevant events (docs/audit.md): the services below record them.
  const audit = createAuditLog(db);
  const emailVerification = createEmailVerificationService({
    db,
    crm,
    mailer: adapters.mailer,
    rateLimiter: adapters.rateLimiter,
    logger: adapters.logger,
    publicUrl: adapters.config.publicUrl,
    audit,
    // schools is made below; this runs only once a link is followed.
    schoolStanding: (constituentId) => schools.loginStanding(constituentId),
  });
  const seats = createSeatGrantsService({ db, crm, ids: crmIds, logger: adapters.logger, verification: emailVerification, audit });
  const schools = createSchoolAdminService({
    db,
    crm,
    ids: crmIds,
    logger: adapters.logger,
    mailer: adapters.mailer,
    audit,
    rateLimiter: adapters.rateLimiter,
    config: adapters.config,
  });
  const { provider, sandbox } = paymentProvider(adapters);
  // Whether someone is a member now (own or school membership): the resource page, notes and share links ask it.
  const suspensions = membershipSuspensions(db);
  const schoolInvoices = createSchoolInvoicesService({
    db,
    crm,
    ids: crmIds,
    providerName: provider.name,
    invoicing: provider.invoicing,
    mailer: adapters.mailer,
    audit,
    logger: adapters.logger,
    suspensions,
    seller: sellerDetails(adapters.config),
    termsDays: adapters.config.invoiceTermsDays,
    publicUrl: adapters.config.publicUrl,
    staffEmail: adapters.config.staffEmail,
  });
  const payments = createPaymentsService({
    db,
    crm,
    ids: crmIds,
    provider,
    sandbox,
    mailer: adapters.mailer,
    logger: adapters.logger,
    audit,
    publicUrl: adapters.config.publicUrl,
    staffEmail: adapters.config.staffEmail,
    seller: sellerDetails(adapters.config),
    settleInvoice: (orderId) => schoolInvoices.paidAtProvider(orderId),
  });
  const memberAccess = createMemberAccess({ crm, ids: crmIds, suspensions });
  const teacherNotes = createTeacherNotesService({ db, memberAccess });
  const shareLinks = createShareLinksService({ db, memberAccess, notesOn: teacherNotes.notesOn, logger: adapters.logger, publicOrigin: adapters.config.publicOrigin });
  const pages = createPagesService(db);
  const events = createEventsService(db);
  const resources = createResourcesService(db, { memberAccess, shareLinkViews: shareLinks.shareLinkViews });
  const people = createPeopleService(db);
  const accounts = createAccountsService({
    db,
    crm,
    sessionPeople,
    schoolStanding: (constituentId) => schools.loginStanding(constituentId),
    mailer: adapters.mailer,
    rateLimiter: adapters.rateLimiter,
    logger: adapters.logger,
    audit,
    config: adapters.config,
  });
  const privacy = createPrivacyService({
    db,
    crm,
    audit,
    ids: crmIds,
    ordersForExport: (personId) => payments.ordersForExport(personId),
    rateLimiter: adapters.rateLimiter,
    publicOrigin: adapters.config.publicOrigin,
  });
  const requests = createRequestsService({
    db,
    crm,
    ids: crmIds,
    mailer: adapters.mailer,
    audit,
    rateLimiter: adapters.rateLimiter,
    logger: adapters.logger,
    seats,
    verifiedEmail: (personId) => emailVerification.verifiedEmail(personId),
    staffEmail: adapters.config.staffEmail,
    publicUrl: adapters.config.publicUrl,
    contactSubjects: adapters.config.contactSubjects,
  });
  const membershipReminders = createMembershipReminders({
    db,
    crm,
    ids: crmIds,
    mailer: adapters.mailer,
    logger: adapters.logger,
    publicUrl: adapters.config.publicUrl,
    reminderDays: adapters.config.membershipReminderDays,
    renewalByCard: (membershipId) => renewalByCard(db, membershipId),
  });
  // With SCHOOL_SEARCH=algolia: the hosted index, kept in step with the register (docs/search.md, "Algolia for school search").
  const schoolIndex = algoliaIndexingFor(adapters.config);
  return {
    emailVerification,
    membershipReminders,
    schoolInvoices,
    payments,
    seats,
    accounts,
    pages,
    events,
    resources,
    teacherNotes,
    shareLinks,
    people,
    sitemap: createSitemapService({ sources: sitemapSourcesOf({ pages, events, resources, people }), publicUrl: adapters.config.publicUrl }),
    gallery: createGalleryService(db),
    siteSearch: adapters.siteSearch,
    schoolSearch: createSchoolSearch(adapters.database, { config: adapters.config, logger: adapters.logger }),
    schoolRecords: createSchoolRecordsService({
      crm,
      ids: crmIds,
      db,
      logger: adapters.logger,
      rateLimiter: adapters.rateLimiter,
      emailVerified: (personId) => emailVerification.isEmailVerified(personId),
      verifiedEmail: (personId) => emailVerification.verifiedEmail(personId),
    }),
    mailbox: createMailboxService(db),
    schools,
    requests,
    privacy,
    readinessProbe: createReadinessProbe({ db, redis: adapters.redis, readiness: adapters.readiness }),
    siteContentVersion: contentVersionReader(db, "site"),
    staff: createStaffService({
      db,
      rateLimiter: adapters.rateLimiter,
      mailer: adapters.mailer,
      audit,
      publicUrl: adapters.config.publicUrl,
      totpIssuer: `${displayNameOf(adapters.config.mailFrom)} staff`,
      crm,
      takings: (from, to) => payments.takings(from, to),
      pausedForInvoices: () => schoolInvoices.pausedCount(),
      requests,
      register: { uploads: createRegisterUploads({ db, crm, crmProvider: adapters.config.crmProvider, logger: adapters.logger, schoolIndex }), audit },
      exports: {
        crm,
        ids: crmIds,
        audit,
        registerEntries: (schoolIds) => new SchoolRegister(db).urnsAndPostcodes(schoolIds),
        pausedAmong: (membershipIds) => suspensions.suspendedAmong(membershipIds),
      },
      orders: { ledger: payments.ledger, refundsOf: (orderId) => payments.refundsOf(orderId), refund: (request) => payments.refund(request), resendReceipt: (orderId) => payments.resendReceipt(orderId), renewals: payments, invoices: schoolInvoices, crm, audit },
      schools: {
        schools: createSchoolForStaff({ db, crm, ids: crmIds, logger: adapters.logger }),
        ids: crmIds,
        audit,
        extendSchoolMembership: ({ schoolId, levelId, period, users }) =>
          withSchoolLock(db, crm, schoolId, (locked) => extendMembership(locked, crmIds, { constituentId: schoolId, levelId, userSeats: users, period }, new Date())),
      },
      schoolMerge: {
        crm,
        preview: (fromId, urn, now, within) => schoolMergePreview(within ?? { db, crm }, fromId, urn, now),
        absorbHandEnteredSchool,
        moveSchoolOrders,
        moveSchoolRequests,
        schoolLeftRegister: schoolIndex && ((fromId) => schoolIndex.removeLogged([fromId], adapters.logger)),
      },
      people: {
        crm,
        ids: crmIds,
        audit,
        emailVerified: (personId) => emailVerification.isEmailVerified(personId),
        sendVerificationLink: (personId) => emailVerification.sendVerificationLink(personId, null, { resend: true }),
        sendPasswordLink: (email) => accounts.requestPasswordReset(email, new Date()),
        ordersOf: (personId) => payments.ordersForExport(personId),
        soleAdminSchools: async (personId) => (await privacy.deletionWarnings(personId)).soleAdminSchools,
        erase: (personId, staffId, ip) => privacy.eraseForStaff(personId, staffId, ip),
        grantComplimentary: (personId, period) =>
          crm.inTransaction((unit) => extendMembership(unit, crmIds, { constituentId: personId, levelId: individualLevelFor(crmIds.membershipLevels, period), period }, new Date())),
      },
    }),
  };
}

/**
 * The Tessitura port the demo content may write its schools to (server/content/seed.ts, docs/content.md "Demo
 * content on Tessitura"): with CRM_PROVIDER=tessitura and CRM_ENV=test only, never a production Tessitura.
 */
export function demoTessitura(config: Config): ((db: DatabaseHandle["db"]) => CrmPort) | undefined {
  if (config.crmProvider !== "tessitura" || config.crmEnv !== "test") return undefined;
  return (db) => chosenCrm(config, db, CRM_IDS.test);
}

/**
 * Every CRM call through one circuit breaker (docs/faults.md, "A slow CRM").
 * Work that must be atomic with the site's own tables (seat grants under the
 * school's lock, payment fulfilment, an account's deletion) runs as one unit
 * (CrmPort.inTransaction), which the breaker only lets start while it is
 * closed: the calls inside a unit are not timed one by one (why: the comment
 * on crmMethods in server/crm/circuit-breaking-crm.ts).
 */
function guardedCrm(adapters: FeatureAdapters, inner: CrmPort): CrmPort {
  const { config, logger } = adapters;
  const { crm, breaker, reportBreaker } = createCircuitBreakingCrm(inner, {
    timeoutMs: config.crmTimeoutMs,
    reportTimeoutMs: config.crmReportTimeoutMs,
    errorThresholdPercent: config.crmBreakerErrorPercent,
    minimumCalls: config.crmBreakerMinCalls,
    resetTimeoutMs: config.crmBreakerResetMs,
  });
  breaker.on("open", () => logger.error({ resetMs: config.crmBreakerResetMs }, "CRM circuit breaker opened: CRM calls fail at once"));
  breaker.on("halfOpen", () => logger.warn("CRM circuit breaker half-open: trying the CRM again"));
  breaker.on("close", () => logger.info("CRM circuit breaker closed: the CRM answers again"));
  breaker.on("timeout", () => logger.warn({ timeoutMs: config.crmTimeoutMs }, "a CRM call timed out"));
  reportBreaker.on("timeout", () => logger.warn({ timeoutMs: config.crmReportTimeoutMs }, "a CRM report timed out"));
  reportBreaker.on("open", () => logger.error({ resetMs: config.crmBreakerResetMs }, "CRM reports' circuit breaker opened: reports fail at once"));
  return crm;
}

/** The seller printed on invoices and receipts, from configuration (docs/payments.md, "Receipts and invoices"). */
export function sellerDetails(config: Config): SellerDetails {
  return {
    legalName: config.sellerLegalName,
    addressLines: config.sellerAddress,
    vatNumber: config.sellerVatNumber,
    vatRatePercent: config.vatRatePercent,
    bank: { accountName: config.bankAccountName, sortCode: config.bankSortCode, accountNumber: config.bankAccountNumber },
  };
}

/** PAYMENT_PROVIDER picks the adapter behind the payment port (docs/payments.md). */
function paymentProvider(adapters: FeatureAdapters): { provider: PaymentProvider; sandbox?: SandboxProvider } {
  const { config } = adapters;
  if (config.paymentProvider === "stripe") {
    // loadConfig has required both keys for this provider.
    const provider = createStripeProvider({ secretKey: config.stripeSecretKey!, webhookSecret: config.stripeWebhookSecret!, api: adapters.stripeApi });
    return { provider };
  }
  const sandbox = createSandboxProvider({ webhookSecret: config.paymentWebhookSecret });
  return { provider: sandbox, sandbox };
}
