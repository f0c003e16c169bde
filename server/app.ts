import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from "express";
import { DEFAULT_CACHE_TTL_MS } from "./cache/versioned-cache";
import { compressResponses } from "./http/compress-responses";
import { csrfProtection } from "./http/csrf";
import { errorHandler, notFoundHandler } from "./http/error-handler";
import { flashLocals } from "./http/flash";
import { pageLocals } from "./http/page-locals";
import { frontDoor } from "./http/front-door";
import { anonymousPageCache, pageCache, type PageCache } from "./cache/http/page-cache";
import { memberPages, type MemberPages } from "./cache/http/member-pages";
import { noStoreForPersonalResponses } from "./http/personal-responses";
import { requestPipeline, type LayerName } from "./http/pipeline";
import { quietRefusals } from "./http/quiet-refusals";
import { fixedSecurityHeaders, securityHeaders } from "./http/security-headers";
import { sessionAbsoluteLifetimeMs, sessionCookieName, sessionCookieOptions, sessionMiddleware } from "./http/session/session-middleware";
import { memberLane } from "./http/member-lane";
import { myAccountMemberLaneRoute } from "./routes/my-account-main";
import { unlessRefused } from "./http/refusals";
import { loadCurrentUser } from "./http/session-user";
import { staticFiles } from "./http/static-files";
import { notFoundUnlessStaff, staffArea } from "./http/staff-area";
import { loadSignedInStaff, staffSessionMiddleware } from "./http/staff-session";
import { accessLog, type AccessLog } from "./logging";
import { bundleDir, staticDir, templatesDir as defaultTemplatesDir } from "./paths";
import { accountAuthRoutes } from "./routes/account-auth";
import { accountRegisterRoutes } from "./routes/account-register";
import { renewalFor } from "./memberships";
import { accountSeatRoutes } from "./routes/account-seats";
import { accountSchoolRecordsRoutes } from "./routes/account-school-records";
import { schoolAdminRoutes } from "./routes/account-school-admin";
import { schoolInvoiceRoutes } from "./routes/account-school-invoices";
import { accountRequestRoutes } from "./routes/account-requests";
import { DEV_MAILBOX_PATH, devMailboxRoutes, servesDevMailbox } from "./routes/dev-mailbox";
import { eventRoutes, instancesApiFrontDoor } from "./routes/events";
import { galleryRoutes } from "./routes/gallery";
import { healthRoutes, sendHealthy } from "./routes/health";
import { myAccountRoutes } from "./routes/my-account";
import { pageRoutes } from "./routes/pages";
import { paymentNotificationRoutes, paymentRoutes } from "./routes/payments";
import { passwordResetRoutes } from "./routes/password-reset";
import { peopleRoutes } from "./routes/people";
import { privacyRoutes } from "./routes/privacy";
import { resourceMemberLaneRoute, resourceRoutes } from "./routes/resources";
import { saveResourceRoutes } from "./routes/save-resource";
import { rootIconRoutes, seoRoutes } from "./routes/seo";
import { shareLinkRoutes } from "./routes/share-links";
import { schoolSearchFrontDoor, schoolSearchRoutes } from "./routes/school-search";
import { autocompleteFrontDoor, searchAutocompleteRoutes, searchPageRoutes } from "./routes/search";
import { teacherNoteRoutes } from "./routes/teacher-notes";
import { passwordLinkHandoff } from "./routes/password-link-handoff";
import { signInLinkHandoff } from "./routes/sign-in-link-handoff";
import { signInLinkRoutes } from "./routes/sign-in-link";
import { staffBackOfficeRoutes } from "./routes/staff-back-office";
import { staffExportsRoutes } from "./routes/staff-exports";
import { staffRegisterRoutes } from "./routes/staff-register";
import { staffOrdersRoutes } from "./routes/staff-orders";
import { staffPeopleRoutes } from "./routes/staff-people";
import { staffSchoolsRoutes } from "./routes/staff-schools";
import { staffRequestsRoutes } from "./routes/staff-requests";
import { staffEnrolmentLinkHandoff } from "./routes/staff-enrolment-handoff";
import { staffSignInRoutes } from "./routes/staff-sign-in";
import { verifyEmailRoutes } from "./routes/verify-email";
import { verifyEmailLinkHandoff } from "./routes/verify-email-handoff";
import type { AppServices } from "./services";
import { configureViews } from "./views/nunjucks";

/** The largest request body accepted, JSON or form. */
const bodyLimit = "100kb";

export interface CreateAppOptions {
  /** Defaults to the repository's templates/. */
  templatesDir?: string;
}

/** The whole site: the Express app, and the request handler that puts the front door before it. */
export interface Site {
  app: Express;
  /** For http.createServer: the front door (server/http/front-door.ts), which hands Express what it does not answer. */
  handleRequest: (req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * The Express app alone, without listening, so tests drive it directly (and
 * see every answer come from Express, the front door's reference).
 */
export function createApp(services: AppServices, options: CreateAppOptions = {}): Express {
  return createSite(services, options).app;
}

/** What main.ts (and tests and the bench that start the real server) give http.createServer. */
export function createRequestHandler(services: AppServices, options: CreateAppOptions = {}): Site["handleRequest"] {
  return createSite(services, options).handleRequest;
}

/**
 * The composition root's second half: services.ts has built the adapters and
 * the feature services; here the front door and each route receive the
 * services they need (never a database handle). The page cache, the security
 * headers and the access log are made once and shared by both paths.
 */
export function createSite(services: AppServices, options: CreateAppOptions = {}): Site {
  const { config, features } = services;
  const development = config.nodeEnv === "development";
  const headers = fixedSecurityHeaders(config);
  const log = accessLog(services.logger);
  // Off in development, where templates change under it.
  const pages =
    !development && config.pageCacheMegabytes > 0
      ? pageCache({
          sessionCookieName: sessionCookieName(config),
          readVersion: features.siteContentVersion,
          maxBytes: config.pageCacheMegabytes * 1024 * 1024,
          ttlMs: DEFAULT_CACHE_TTL_MS,
        })
      : undefined;
  // A member's page: the shared part rendered once, their own parts into it (issue 27); off with the page cache.
  const members = pages
    ? memberPages({ readVersion: features.siteContentVersion, maxBytes: config.pageCacheMegabytes * 1024 * 1024, ttlMs: DEFAULT_CACHE_TTL_MS })
    : undefined;
  const app = expressApp(services, { ...options, securityHeaders: securityHeaders(config, headers), accessLog: log, pageCache: pages, memberPages: members });
  // A member's kept page answered before Express, when nothing in their session needs it (issue 27).
  const lane =
    members &&
    memberLane({
      store: services.sessionStore,
      cookie: sessionCookieOptions(config),
      absoluteLifetimeMs: sessionAbsoluteLifetimeMs(config),
      sessionPerson: (sessionId, constituentId, authVersion) => features.accounts.sessionPerson(sessionId, constituentId, authVersion),
      routes: [
        resourceMemberLaneRoute({ resources: features.resources, memberPages: members }),
        myAccountMemberLaneRoute({ ...myAccountMainSourcesOf(services), memberPages: members }),
      ],
    });
  const handleRequest = frontDoor({
    express: app,
    securityHeaders: headers,
    fixedAnswers: new Map([["/healthz", sendHealthy]]),
    routes: [instancesApiFrontDoor(features.events), autocompleteFrontDoor(features.siteSearch), schoolSearchFrontDoor(features.schoolSearch)],
    pageCache: pages,
    sessionCookieName: sessionCookieName(config),
    accessLog: log,
    memberLane: lane,
  });
  return { app, handleRequest };
}

/** What My account's <main> is read from, for its route and the member lane alike. */
function myAccountMainSourcesOf({ features, config }: AppServices) {
  return {
    accounts: features.accounts,
    resources: features.resources,
    schools: features.schools,
    requests: features.requests,
    payments: features.payments,
    invoices: features.schoolInvoices,
    membershipReminders: features.membershipReminders,
    contactSubjects: config.contactSubjects,
  };
}

interface SharedParts {
  securityHeaders: RequestHandler;
  accessLog: AccessLog;
  pageCache: PageCache | undefined;
  memberPages: MemberPages | undefined;
}

/**
 * The back office (docs/back-office.md): its own session (cookie, secret and
 * store), then body parsing, the CSRF check against that session, the page
 * locals and flash read from it, and its routes. server/http/staff-area.ts
 * runs them for its paths alone.
 */
function staffAreaLayers(services: AppServices): RequestHandler {
  const { config, features } = services;
  const csrf = csrfProtection(config);
  return staffArea([
    staffSessionMiddleware(config, services.staffSessionStore),
    loadSignedInStaff({ staffForSession: features.staff.staffForSession }),
    notFoundUnlessStaff,
    express.urlencoded({ extended: false, limit: bodyLimit }),
    csrf.verifyWrites,
    pageLocals({ siteSettings: features.pages.siteSettings, csrfTokenFor: csrf.tokenFor }),
    flashLocals,
    staffSignInRoutes({ staff: features.staff }),
    staffBackOfficeRoutes({ staff: features.staff }),
    staffRequestsRoutes({ staff: features.staff }),
    staffSchoolsRoutes({ staff: features.staff }),
    staffPeopleRoutes({ staff: features.staff }),
    staffOrdersRoutes({ staff: features.staff }),
    staffExportsRoutes({ staff: features.staff }),
    staffRegisterRoutes({ staff: features.staff }),
  ]);
}

/** A layer's handler, or one mounted under a path prefix. */
type Installed = RequestHandler | ErrorRequestHandler | { path: string; handler: RequestHandler };

/**
 * Middleware, then routes, installed in the order server/http/pipeline.ts
 * declares (the front door answers some requests before any of this, and
 * reads the same list).
 */
function expressApp(services: AppServices, options: CreateAppOptions & SharedParts): Express {
  const { config, features } = services;
  const templatesDir = options.templatesDir ?? defaultTemplatesDir;
  const csrf = csrfProtection(config);
  const app = express();

  const development = config.nodeEnv === "development";
  app.set("env", config.nodeEnv);
  app.set("trust proxy", config.trustProxy);
  app.set("strict routing", true);
  app.set("view cache", !development);
  app.disable("x-powered-by");
  app.locals.lightGalleryLicenseKey = config.lightGalleryLicenseKey;
  const views = configureViews(app, { templatesDir, viteAssets: services.viteAssets, reloadTemplates: development, publicUrl: config.publicUrl });

  const accountRouteDependencies = {
    accounts: features.accounts,
    emailVerification: features.emailVerification,
    renewalFor: (personId: number, early?: "individual" | "school") =>
      renewalFor(
        {
          ownMemberships: (id) => features.accounts.memberships(id),
          schoolTab: (id) => features.schools.schoolTab(id),
          schoolCheck: async (id, body) => unlessRefused(await features.schoolRecords.schoolCheck(id, body)),
          membershipSummary: async (id, schoolId) => unlessRefused(await features.schoolRecords.membershipSummary(id, schoolId)),
        },
        personId,
        new Date(),
        early,
      ),
    rateLimiter: services.rateLimiter,
    config,
    csrfTokenFor: csrf.tokenFor,
  };
  // Their order: which path would shadow which.
  const featureRoutes: RequestHandler[] = [];
  featureRoutes.push(accountAuthRoutes(accountRouteDependencies));
  featureRoutes.push(signInLinkRoutes(accountRouteDependencies));
  featureRoutes.push(accountRegisterRoutes(accountRouteDependencies));
  featureRoutes.push(passwordResetRoutes(accountRouteDependencies));
  featureRoutes.push(verifyEmailRoutes({ verification: features.emailVerification, siteOrigin: config }));
  featureRoutes.push(accountSeatRoutes({ seats: features.seats, siteOrigin: config }));
  featureRoutes.push(accountSchoolRecordsRoutes({ schoolRecords: features.schoolRecords, siteOrigin: config }));
  featureRoutes.push(
    myAccountRoutes({
      ...myAccountMainSourcesOf(services),
      csrfTokenFor: csrf.tokenFor,
      siteOrigin: config,
      memberPages: options.memberPages,
    }),
  );
  // Before pageRoutes: /privacy/ is this route's page, built from the configuration, not an editor's page.
  featureRoutes.push(privacyRoutes({ privacy: features.privacy, config, siteOrigin: config }));
  featureRoutes.push(schoolAdminRoutes({ schools: features.schools, siteOrigin: config }));
  featureRoutes.push(schoolInvoiceRoutes({ invoices: features.schoolInvoices, siteOrigin: config }));
  featureRoutes.push(accountRequestRoutes({ requests: features.requests, siteOrigin: config }));
  featureRoutes.push(paymentRoutes({ payments: features.payments, siteOrigin: config }));
  featureRoutes.push(saveResourceRoutes({ resources: features.resources }));
  // Before resourceRoutes: its /resources/:slug/ would otherwise take /resources/shared/<token>/.
  featureRoutes.push(shareLinkRoutes({ shareLinks: features.shareLinks, siteOrigin: config }));
  featureRoutes.push(eventRoutes({ events: features.events, views, publicOrigin: config.publicOrigin, publicUrl: config.publicUrl, rememberRenderedEntries: !development }));
  featureRoutes.push(galleryRoutes({ gallery: features.gallery }));
  featureRoutes.push(peopleRoutes({ people: features.people }));
  featureRoutes.push(teacherNoteRoutes({ notes: features.teacherNotes }));
  featureRoutes.push(resourceRoutes({ resources: features.resources, publicUrl: config.publicUrl, memberPages: options.memberPages }));
  featureRoutes.push(searchPageRoutes({ siteSearch: features.siteSearch, nextEventStarts: features.events.nextStarts }));
  // Last: its /:slug/ route would otherwise answer every one-segment address.
  featureRoutes.push(pageRoutes({ pages: features.pages, templatesDir, publicUrl: config.publicUrl }));

  // One handler (or several, in order) per layer of server/http/pipeline.ts, which says why each sits where it does.
  const layers: Record<LayerName, readonly Installed[]> = {
    "security-headers": [options.securityHeaders],
    "health-probes": [healthRoutes({ probe: features.readinessProbe })],
    "no-store-for-personal": [noStoreForPersonalResponses],
    "quiet-refusals": [quietRefusals],
    "link-handoffs": [passwordLinkHandoff(config), verifyEmailLinkHandoff(config), signInLinkHandoff(config), staffEnrolmentLinkHandoff(config)],
    "kept-search-answers": [
      searchAutocompleteRoutes({ siteSearch: features.siteSearch, logger: services.logger }),
      schoolSearchRoutes({ schoolSearch: features.schoolSearch, logger: services.logger }),
    ],
    compression: [compressResponses],
    "access-log": [options.accessLog.middleware],
    "static-files": [{ path: "/static", handler: staticFiles(staticDir, bundleDir) }, rootIconRoutes(staticDir)],
    "payment-notifications": [paymentNotificationRoutes({ payments: features.payments })],
    staff: [staffAreaLayers(services)],
    "page-cache": options.pageCache ? [anonymousPageCache(options.pageCache)] : [],
    seo: [seoRoutes({ sitemap: features.sitemap, siteSettings: features.pages.siteSettings, publicUrl: config.publicUrl })],
    sessions: sessionMiddleware(config, services.sessionStore),
    "current-user": [loadCurrentUser(features.accounts)],
    "body-parsers": [express.json({ limit: bodyLimit }), express.urlencoded({ extended: false, limit: bodyLimit })],
    csrf: [csrf.verifyWrites],
    "page-locals": [pageLocals({ siteSettings: features.pages.siteSettings, csrfTokenFor: csrf.tokenFor })],
    flash: [flashLocals],
    "dev-mailbox": servesDevMailbox(config) ? [devMailboxRoutes({ mailbox: features.mailbox })] : [],
    "feature-routes": featureRoutes,
    "not-found": [notFoundHandler],
    "error-handler": [errorHandler({ development, siteSettings: features.pages.siteSettings })],
  };
  for (const layer of requestPipeline) {
    for (const installed of layers[layer.name]) {
      if (typeof installed === "function") app.use(installed);
      else app.use(installed.path, installed.handler);
    }
  }
  if (servesDevMailbox(config)) services.logger.info(`dev mailbox at ${config.publicUrl}${DEV_MAILBOX_PATH} (answers requests from this machine only)`);
  return app;
}
