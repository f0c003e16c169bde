import { PATHWAY_LABELS, type PathwayKey, type SupportEnding } from "../../contracts/rules/pathways";
import type { PlanType } from "../../contracts/shapes/plans";
import type { SelectedSchool } from "../../contracts/shapes/schools";
import { planLabel } from "../domain/plans";

/*
 * What a person had already entered when they sent a request (issue 28:
 * "school type, school, address, plan, numbers"), kept as JSON in
 * requests.details, so whoever answers never asks them to type it again.
 * Written by the server from the checked request, read back leniently.
 */

export interface RequestDetails {
  /** The wizard's ending it was sent from (a support request). */
  ending?: SupportEnding;
  /** The pathway's label ("UK Independent School"). */
  schoolType?: string;
  school?: { name: string; urn: string | null; constituentId: number | null };
  /** The school's (or, for a homeschool, the home) address, as one line. */
  address?: string;
  /** The plan's name ("School, annual"). */
  plan?: string;
  /** The number of users typed. */
  users?: number;
}

/** What the wizard sent, as the request's details: only what was given. */
export function wizardDetails(entered: {
  ending?: SupportEnding;
  pathway: PathwayKey | null;
  school: SelectedSchool | null;
  plan?: { planType: PlanType; users: number } | null;
}): RequestDetails {
  const { school, pathway, plan } = entered;
  const details: RequestDetails = {};
  if (entered.ending) details.ending = entered.ending;
  if (pathway) details.schoolType = PATHWAY_LABELS[pathway];
  // A homeschool has an address and no school.
  if (school && school.name.trim()) details.school = { name: school.name.trim(), urn: school.URN, constituentId: school.constituentId };
  const address = school && [school.addressLine1, school.addressLine2, school.addressLine3, school.city, school.postalCode].map((line) => line.trim()).filter(Boolean).join(", ");
  if (address) details.address = address;
  if (plan) {
    details.plan = planLabel(plan.planType);
    details.users = plan.users;
  }
  return details;
}

/** The details as labelled lines, for the emails and the pages that show a request. */
export function detailLines(details: RequestDetails): { label: string; value: string }[] {
  const lines: { label: string; value: string }[] = [];
  if (details.schoolType) lines.push({ label: "School type", value: details.schoolType });
  if (details.school) lines.push({ label: "School", value: details.school.urn ? `${details.school.name} (URN ${details.school.urn})` : details.school.name });
  if (details.address) lines.push({ label: "Address", value: details.address });
  if (details.plan) lines.push({ label: "Plan", value: details.plan });
  if (details.users !== undefined) lines.push({ label: "Number of users", value: String(details.users) });
  return lines;
}

/** The stored JSON, read back; anything unreadable is no details. */
export function parseDetails(json: string): RequestDetails {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as RequestDetails) : {};
  } catch {
    return {};
  }
}

/** A register school's facts, as a join request's details (the server's own, never the browser's). */
export function schoolDetails(school: {
  name: string;
  urn: string | null;
  constituentId: number;
  kind?: "state" | "independent" | "international";
  addressLines: readonly string[];
}): RequestDetails {
  const schoolTypes = { state: "state-school", independent: "independent-school", international: "international" } as const;
  const details: RequestDetails = { school: { name: school.name, urn: school.urn, constituentId: school.constituentId } };
  if (school.kind) details.schoolType = PATHWAY_LABELS[schoolTypes[school.kind]];
  const address = school.addressLines.map((line) => line.trim()).filter(Boolean).join(", ");
  if (address) details.address = address;
  return details;
}
