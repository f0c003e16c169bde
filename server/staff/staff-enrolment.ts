import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import QRCode from "qrcode";
import { newPasswordProblems, passwordHasher as sharedHasher, singleUseTokenPattern } from "../accounts";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import { limitReached, refuse, type Refusal } from "../shared/refusal";
import { newRecoveryCodes } from "./recovery-codes";
import { recordStaffEvent, staffRecordOf } from "./staff-audit";
import type { StaffDependencies } from "./staff-dependencies";
import { staffRecords } from "./staff-records";
import { STAFF_ROLE_LABELS } from "./staff-roles";
import { signedInStaffOf, type SignedInStaff } from "./staff-sign-in";
import { acceptedTotpStep, newTotpSecret, totpUri } from "./totp";

/*
 * Enrolment (docs/back-office.md): the single-use link that `npm run
 * staff:create` prints, or an owner's invite emails, opens a page with the
 * account's authenticator secret as a QR code and an otpauth:// URI. The
 * person chooses a password and types a code from the app, which proves the
 * app holds the secret; they are then given ten recovery codes, once.
 * Showing the page changes nothing: the secret was made with the link.
 */

/** The page the link leads to (the token travels there in a cookie: routes/staff-enrolment-handoff.ts). */
export const STAFF_ENROLMENT_PATH = "/staff-enrol/";

export const ENROLMENT_LINK_UNUSABLE_MESSAGE = "This enrolment link has expired or has already been used. Ask an owner for a new one.";

/**
 * Enrolment posts allowed in each window: on one link (a guess at its code,
 * which needs the link's secret token as well), and from one client address
 * across links, higher, since an organisation's staff often enrol together
 * from one office address.
 */
const ENROLMENT_ATTEMPTS_PER_LINK = 10;
const ENROLMENT_ATTEMPTS_PER_ADDRESS = 100;
const ENROLMENT_WINDOW_MS = 15 * 60 * 1000;

export interface EnrolmentLink {
  url: string;
  expiresAt: string;
}

export interface EnrolmentPage {
  email: string;
  roleLabel: string;
  /** The base32 secret in groups of four, for typing into an app by hand. */
  secretGroups: string[];
  uri: string;
  /** The QR code of the URI, as SVG markup made here (no user text in it): the page prints it as it is. */
  qrSvg: string;
}

export interface EnrolmentRequest {
  password: string;
  confirmPassword: string;
  code: string;
}

export interface Enrolled {
  staff: SignedInStaff;
  /** Shown once, on the page that answers the enrolment; only their hashes are kept. */
  recoveryCodes: string[];
}

/** The QR code as an SVG image with a text alternative (the URI is printed beside it too). */
async function qrCodeSvg(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return svg.replace("<svg ", '<svg role="img" aria-label="QR code for your authenticator app" class="staff-enrolment__qr-image" ');
}

/** Makes enrolment links: for the enrolment itself, the staff page and the command. */
export function enrolmentLinks(deps: Pick<StaffDependencies, "db" | "publicUrl" | "clock">) {
  const records = staffRecords(deps.db);
  const clock = deps.clock ?? (() => new Date());
  return {
    /** A new link for the account (with a new secret); its earlier links stop working. Pass the transaction of the change that asks for it. */
    async issue(staffId: number, executor: Kysely<Database>): Promise<EnrolmentLink> {
      const { token, expiresAt } = await records.newEnrolment(staffId, newTotpSecret(), clock(), executor);
      return { url: `${deps.publicUrl}${STAFF_ENROLMENT_PATH}${token}/`, expiresAt };
    },
  };
}

export function staffEnrolment(deps: StaffDependencies) {
  const records = staffRecords(deps.db);
  const hasher = deps.passwordHasher ?? sharedHasher;
  const clock = deps.clock ?? (() => new Date());

  const open = (token: string, executor?: Kysely<Database>) => (singleUseTokenPattern.test(token) ? records.openEnrolment(token, clock(), executor) : Promise.resolve(undefined));

  return {
    async enrolmentPage(token: string): Promise<EnrolmentPage | Refusal> {
      const enrolment = await open(token);
      if (!enrolment) return refuse("not-found", ENROLMENT_LINK_UNUSABLE_MESSAGE, { rule: "staff-enrolment-link" });
      const uri = totpUri(enrolment.totpSecret, { issuer: deps.totpIssuer, label: enrolment.account.email });
      return {
        email: enrolment.account.email,
        roleLabel: STAFF_ROLE_LABELS[enrolment.account.role],
        secretGroups: enrolment.totpSecret.match(/.{1,4}/g) ?? [],
        uri,
        qrSvg: await qrCodeSvg(uri),
      };
    },

    async enrol(token: string, request: EnrolmentRequest, ip: string): Promise<Enrolled | Refusal> {
      const [onLink, fromAddress] = await Promise.all([
        deps.rateLimiter.hit(`staff-enrol:link:${createHash("sha256").update(token).digest("base64url").slice(0, 22)}`, ENROLMENT_ATTEMPTS_PER_LINK, ENROLMENT_WINDOW_MS),
        deps.rateLimiter.hit(`staff-enrol:address:${ip}`, ENROLMENT_ATTEMPTS_PER_ADDRESS, ENROLMENT_WINDOW_MS),
      ]);
      const limit = onLink.allowed ? fromAddress : onLink;
      if (!limit.allowed) return limitReached("Too many attempts. Wait a few minutes, then try again.", limit.retryAfterSeconds, { rule: "staff-enrolment-throttle" });
      const enrolment = await open(token);
      if (!enrolment) return refuse("not-found", ENROLMENT_LINK_UNUSABLE_MESSAGE, { rule: "staff-enrolment-link" });

      const passwordProblems = request.password === "" ? ["Choose a password."] : await newPasswordProblems(request.password);
      const confirmProblems = request.confirmPassword !== request.password ? ["The passwords do not match. Type the same password twice."] : [];
      const now = clock();
      const step = acceptedTotpStep(enrolment.totpSecret, request.code, now, null);
      const codeProblems = step === undefined ? ["Enter the 6-digit code your authenticator app shows now for this account."] : [];
      const errors = {
        ...(passwordProblems.length > 0 ? { password: passwordProblems } : {}),
        ...(confirmProblems.length > 0 ? { confirmPassword: confirmProblems } : {}),
        ...(codeProblems.length > 0 ? { code: codeProblems } : {}),
      };
      if (Object.keys(errors).length > 0 || step === undefined) return refuse("invalid", "Check the password and the code.", { errors });

      const passwordHash = await hasher.hash(request.password);
      const recoveryCodes = newRecoveryCodes();
      const account = enrolment.account;
      const done = await inTransaction(deps.db, async (trx) => {
        const completed = await records.completeEnrolment(trx, { id: enrolment.id, staffId: account.id, totpSecret: enrolment.totpSecret, totpStep: step }, { passwordHash, recoveryCodes }, now);
        if (completed) {
          const before = account.enrolledAt === null ? null : { enrolledAt: account.enrolledAt };
          await recordStaffEvent(deps.audit, { event: "staff.enrolled", actorId: account.id, target: account, ip, before, after: { ...staffRecordOf(account), enrolledAt: now.toISOString() } }, trx);
        }
        return completed;
      });
      const staff = done ? signedInStaffOf({ ...account, enrolledAt: now.toISOString() }) : undefined;
      if (!staff) return refuse("not-found", ENROLMENT_LINK_UNUSABLE_MESSAGE, { rule: "staff-enrolment-link" });
      return { staff, recoveryCodes };
    },
  };
}

export type StaffEnrolment = ReturnType<typeof staffEnrolment>;
