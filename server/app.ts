import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type Express, type RequestHandler } from "express";
import { DEFAULT_CACHE_TTL_MS } from "./cache/versioned-cache";
import { compressResponses } from "./http/compress-responses";
import { csrfProtection } from "./http/csrf";
import { errorHandler, notFoundHandler } from "./http/error-handler";
import { flashLocals } from "./http/flash";
import { pageLocals } from "./http/page-locals";
import { frontDoor } from "./http/front-door";
import { anonymousPageCache, pageCache, type PageCache } from "./http/page-cache";
import { noStoreForPersonalResponses } from "./http/personal-responses";
import { quietRefusals } from "./http/quiet-refusals";
import { fixedSecurityHeaders, securityHeaders } from "./http/security-headers";
import { sessionCookieName, sessionMiddleware } from "./http/session/session-middleware";
import { unlessRefused } from "./http/refusals";
import { loadCurrentUser } from "./http/session-user";
import { staticFiles } from "./http/static-files";
import { accessLog, type AccessLog } from "./logging";
import { bundleDir, staticDir, templatesDir as defaultTemplatesDir } from "./paths";
import { accountAuthRoutes } from "./routes/account-auth";
import { accountRegisterRoutes } from "./routes/account-register";
import { renewalFor } from "./memberships/lapsed-renewal";
import { accountSeatRoutes } from "./routes/account-seats";
import { accountSchoolRecordsRoutes } from "./routes/account-school-records";
import { schoolAdminRoutes } from "./routes/account-school-admin";
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
import { resourceRoutes } from "./routes/resources";
import { saveResourceRoutes } from "./routes/save-resource";
import { rootIconRoutes, seoRoutes } from "./routes/seo";
import { shareLinkRoutes } from "./routes/share-links";
import { schoolSearchFrontDoor, schoolSearchRoutes } from "./routes/school-search";
import { autocompleteFrontDoor, searchAutocompleteRoutes, searchPageRoutes } from "./routes/search";
import { teacherNoteRoutes } from "./routes/teacher-notes";
import { passwordLinkHandoff } from "./routes/password-link-handoff";
import { signInLinkHandoff } from "./routes/sign-in-link-handoff";
import { signInLinkRoutes } from "./routes/sign-in-link";
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
  const app = expressApp(services, { ...options, securityHeaders: securityHeaders(config, headers), accessLog: log, pageCache: pages });
  const handleRequest = frontDoor({
    express: app,
    securityHeaders: headers,
    fixedAnswers: new Map([["/healthz", sendHealthy]]),
    routes: [instancesApiFrontDoor(features.events), autocompleteFrontDoor(features.siteSearch), schoolSearchFrontDoor(features.schoolSearch)],
    pageCache: pages,
    sessionCookieName: sessionCookieName(config),
    accessLog: log,
  });
  return { app, handleRequest };
}

interface SharedParts {
  securityHeaders: RequestHandler;
  accessLog: AccessLog;
  pageCache: PageCache | undefined;
}

/**
 * Middleware, then routes. Order matters: probes and static files come before
 * sessions, so they never create or touch one; CSRF checks run once bodies
 * are parsed. (The front door answers some requests before any of this:
 * docs/architecture.md, "Middleware order".)
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

  // Every answer carries them, probes and redirects included; computed once, so this costs a dozen setHeader calls.
  app.use(options.securityHeaders);
  // Probes come before everything else that runs per request: they set no cookie, are never logged, and skip it all.
  app.use(healthRoutes({ probe: features.readinessProbe }));
  // It decides Cache-Control as headers are written, so it must come before anything that may set a cookie.
  app.use(noStoreForPersonalResponses);
  // A widget's expected refusal as 200 + Refusal-Status, so the browser logs no error; before anything can answer a 4xx.
  app.use(quietRefusals);
  // Before the logger: the emailed reset link carries a token, which must never be logged.
  app.use(passwordLinkHandoff(config));
  app.use(verifyEmailLinkHandoff(config));
  app.use(signInLinkHandoff(config));
  // Suggestions arrive on every pause in typing: they are not access-logged either (failures still are). Their
  // answers are kept compressed (server/cache/answer-per-value.ts), so they come before compressResponses.
  app.use(searchAutocompleteRoutes({ siteSearch: features.siteSearch, logger: services.logger }));
  app.use(schoolSearchRoutes({ schoolSearch: features.schoolSearch, logger: services.logger }));
  // Every dynamic answer after this point leaves compressed when it is worth it (kept answers already are).
  app.use(compressResponses);
  app.use(options.accessLog.middleware);
  app.use("/static", staticFiles(staticDir, bundleDir));
  app.use(rootIconRoutes(staticDir));

  // Providers' server-to-server notifications: before sessions, body parsers and CSRF, on purpose. A provider has
  // no session or CSRF token; the signature over the raw body (checked by its adapter) is what proves the call,
  // so this is the one write the CSRF check does not see (routes/payments.ts, docs/payments.md).
  app.use(paymentNotificationRoutes({ payments: features.payments }));
  // Before sessions: a visitor without a session cookie is answered from kept pages, without a session or a render.
  if (options.pageCache) app.use(anonymousPageCache(options.pageCache));
  // After the page cache (it keeps the sitemap), before sessions: robots.txt, the sitemap and the manifest are nobody's own.
  app.use(seoRoutes({ sitemap: features.sitemap, siteSettings: features.pages.siteSettings, publicUrl: config.publicUrl }));
  app.use(sessionMiddleware(config, services.sessionStore));
  app.use(loadCurrentUser({ findSessionUser: features.accounts.findSessionUser }));
  app.use(express.json({ limit: bodyLimit }));
  app.use(express.urlencoded({ extended: false, limit: bodyLimit }));
  app.use(csrf.verifyWrites);
  app.use(pageLocals({ siteSettings: features.pages.siteSettings, csrfTokenFor: csrf.tokenFor }));
  app.use(flashLocals);

  // The mailbox shows every password-reset link: never registered in production, and only for this machine elsewhere.
  if (servesDevMailbox(config)) {
    app.use(devMailboxRoutes({ mailbox: features.mailbox }));
    services.logger.info(`dev mailbox at ${config.publicUrl}${DEV_MAILBOX_PATH} (answers requests from this machine only)`);
  }
  const accountRouteDependencies = {
    accounts: features.accounts,
    emailVerification: features.emailVerification,
    renewalFor: (personId: number) =>
      renewalFor(
        {
          ownMemberships: (id) => features.accounts.memberships(id),
          schoolTab: (id) => features.schools.schoolTab(id),
          schoolCheck: async (id, body) => unlessRefused(await features.schoolRecords.schoolCheck(id, body)),
          membershipSummary: async (id, schoolId) => unlessRefused(await features.schoolRecords.membershipSummary(id, schoolId)),
        },
        personId,
        new Date(),
      ),
    rateLimiter: services.rateLimiter,
    config,
    csrfTokenFor: csrf.tokenFor,
  };
  app.use(accountAuthRoutes(accountRouteDependencies));
  app.use(signInLinkRoutes(accountRouteDependencies));
  app.use(accountRegisterRoutes(accountRouteDependencies));
  app.use(passwordResetRoutes(accountRouteDependencies));
  app.use(verifyEmailRoutes({ verification: features.emailVerification, siteOrigin: config }));
  app.use(accountSeatRoutes({ seats: features.seats, siteOrigin: config }));
  app.use(accountSchoolRecordsRoutes({ schoolRecords: features.schoolRecords, siteOrigin: config }));
  app.use(
    myAccountRoutes({
      accounts: features.accounts,
      resources: features.resources,
      schools: features.schools,
      payments: features.payments,
      contactSubjects: config.contactSubjects,
      csrfTokenFor: csrf.tokenFor,
      siteOrigin: config,
    }),
  );
  // Before pageRoutes: /privacy/ is this route's page, built from the configuration, not an editor's page.
  app.use(privacyRoutes({ privacy: features.privacy, config, siteOrigin: config }));
  app.use(schoolAdminRoutes({ schools: features.schools, siteOrigin: config }));
  app.use(paymentRoutes({ payments: features.payments, siteOrigin: config }));
  app.use(saveResourceRoutes({ resources: features.resources }));
  // Before resourceRoutes: its /resources/:slug/ would otherwise take /resources/shared/<token>/.
  app.use(shareLinkRoutes({ shareLinks: features.shareLinks, siteOrigin: config }));
  app.use(eventRoutes({ events: features.events, views, publicOrigin: config.publicOrigin, publicUrl: config.publicUrl, rememberRenderedEntries: !development }));
  app.use(galleryRoutes({ gallery: features.gallery }));
  app.use(peopleRoutes({ people: features.people }));
  app.use(teacherNoteRoutes({ notes: features.teacherNotes }));
  app.use(resourceRoutes({ resources: features.resources, publicUrl: config.publicUrl }));
  app.use(searchPageRoutes({ siteSearch: features.siteSearch, nextEventStarts: features.events.nextStarts }));
  // Last: its /:slug/ route would otherwise answer every one-segment address.
  app.use(pageRoutes({ pages: features.pages, templatesDir, publicUrl: config.publicUrl }));

  app.use(notFoundHandler);
  app.use(errorHandler({ development, siteSettings: features.pages.siteSettings }));
  return app;
}
