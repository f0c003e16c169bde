import { z } from "zod";
import { PATHWAY_KEYS, REQUEST_MESSAGE_MAX_LENGTH, SUPPORT_ENDINGS } from "../rules/pathways";
import { PLAN_TYPES } from "../rules/plans";
import { selectedSchoolSchema } from "./schools";

/*
 * The registration wizard's requests (issue 28, docs/requests.md): asking to
 * join a school, and sending the details of an ending that cannot finish
 * online to the organisation's team. The server checks each request with
 * these schemas at its edge (server/routes/account-requests.ts); the widget
 * imports the types only.
 */

const message = z.string().max(REQUEST_MESSAGE_MAX_LENGTH, `Keep your message to ${REQUEST_MESSAGE_MAX_LENGTH.toLocaleString("en-GB")} characters or fewer.`);

/** POST /account/requests/join/: ask the school's admins (or, with none, staff) to let the signed-in person join. */
export const joinRequestSchema = z.object({
  schoolId: z.number().int().positive(),
  message: message.default(""),
});
/** What the widget sends. */
export type JoinRequest = z.input<typeof joinRequestSchema>;
/** What the server reads once checked. */
export type CheckedJoinRequest = z.output<typeof joinRequestSchema>;

/** Who a request went to: the school's admins, or the organisation's staff. */
export const requestRecipientSchema = z.enum(["admins", "staff"]);

/** Its answer: the request as sent (a second ask while one is open answers that one, `alreadySent`). */
export const joinRequestAnswerSchema = z.object({
  success: z.literal(true),
  request: z.object({
    id: z.number().int(),
    schoolName: z.string(),
    /** The verified address it was sent from, where the answer will go. */
    email: z.string(),
    sentTo: requestRecipientSchema,
  }),
  alreadySent: z.boolean(),
});
export type JoinRequestAnswer = z.infer<typeof joinRequestAnswerSchema>;

/** POST /account/requests/support/: what the person already entered in the wizard, sent to staff. */
export const supportRequestSchema = z.object({
  ending: z.enum(SUPPORT_ENDINGS),
  pathway: z.enum(PATHWAY_KEYS).nullable(),
  school: selectedSchoolSchema.nullable(),
  /** The plan being chosen and the number of users typed (the moreUsers ending). */
  plan: z.object({ planType: z.enum(PLAN_TYPES), users: z.number().int().positive().max(1_000_000) }).nullable().default(null),
  message: message.default(""),
});
export type SupportRequest = z.input<typeof supportRequestSchema>;
export type CheckedSupportRequest = z.output<typeof supportRequestSchema>;

export const supportRequestAnswerSchema = z.object({
  success: z.literal(true),
  request: z.object({ id: z.number().int(), email: z.string() }),
});
export type SupportRequestAnswer = z.infer<typeof supportRequestAnswerSchema>;
