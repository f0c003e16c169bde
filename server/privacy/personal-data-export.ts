import type { Kysely } from "kysely";
import { profileForExport } from "../accounts";
import type { CrmIds, CrmPort } from "../crm";
import type { Database } from "../db/schema";
import { reminderChoiceForExport } from "../memberships";
import { affiliationsForExport, invitesForExport, membershipsForExport } from "../schools";
import type { OrderExport } from "../payments";
import { requestsForExport } from "../requests";
import { notesForExport, savedResourcesForExport, shareLinksForExport, shareLinkUrl } from "../resources";

/*
 * "Download my data" (docs/my-account.md; UK GDPR, right of access): one JSON
 * document of everything the site holds about the person. Each section comes
 * from the capability that owns it, through its own queries or port; this
 * module only puts them side by side. Only the person's own rows: every query
 * is by their id.
 */

export interface PersonalDataSources {
  db: Kysely<Database>;
  crm: CrmPort;
  ids: CrmIds;
  ordersForExport: (personId: number) => Promise<OrderExport[]>;
  /** Absolute share links are built on it (PUBLIC_URL's origin). */
  publicOrigin: string;
}

export type PersonalData = NonNullable<Awaited<ReturnType<typeof personalDataExport>>>;

/** The person's data, or undefined when there is no such (live) account. */
export async function personalDataExport(sources: PersonalDataSources, personId: number, now: Date) {
  const { db, crm, ids } = sources;
  const profile = await profileForExport(db, crm, personId);
  if (!profile) return undefined;
  const addresses = (await crm.constituentDetail(personId))?.Addresses ?? [];
  return {
    exportedAt: now.toISOString(),
    about:
      "Everything this website holds about you, as of exportedAt. Dates and times are UTC (ISO 8601). " +
      "Orders are kept for accounting even if you delete your account; everything else is erased.",
    profile: {
      ...profile,
      addresses: addresses.map((address) => ({
        street: [address.Street1, address.Street2, address.Street3].filter(Boolean),
        city: address.City,
        postalCode: address.PostalCode,
        countryId: address.Country.Id,
      })),
    },
    affiliations: await affiliationsForExport(crm, ids, personId, now),
    memberships: await membershipsForExport(crm, ids, personId, now),
    // "Email me before my membership ends" (docs/memberships.md "Reminders").
    membershipReminders: await reminderChoiceForExport(db, personId),
    schoolInvites: await invitesForExport(db, personId, profile.email, now),
    orders: await sources.ordersForExport(personId),
    savedResources: await savedResourcesForExport(db, personId),
    notes: await notesForExport(db, personId),
    shareLinks: (await shareLinksForExport(db, personId)).map((link) => ({
      type: link.type,
      resource: link.title,
      link: shareLinkUrl(sources.publicOrigin, link.token),
      createdAt: link.created_at,
      revokedAt: link.revoked_at,
    })),
    // What they asked of us (contact-form messages, join and support requests), with every answer sent.
    requests: (await requestsForExport(db, personId)).map((request) => ({
      kind: request.kind,
      subject: request.subject,
      name: request.name,
      email: request.email,
      message: request.message,
      details: request.details,
      status: request.status,
      outcome: request.outcome,
      sentAt: request.createdAt,
      answers: request.answers.map((answer) => ({ from: answer.authorName, text: answer.body, sentTo: answer.sentTo, sentAt: answer.createdAt })),
    })),
  };
}

/** The download's file name: my-data-2025-03-14.json (the UTC date). */
export function personalDataFileName(now: Date): string {
  return `my-data-${now.toISOString().slice(0, 10)}.json`;
}
