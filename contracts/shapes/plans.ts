import { z } from "zod";
import { PLAN_TYPES } from "../rules/plans";

/*
 * The plans the register page lists for the wizard (data-plans, data-seat-levels;
 * accounts spec, section 9). The server computes every price itself and
 * never reads one back. Widgets import these as types only.
 */

export const planTypeSchema = z.enum(PLAN_TYPES);
export type PlanType = z.infer<typeof planTypeSchema>;

export const planOptionSchema = z.object({
  planType: planTypeSchema,
  label: z.string(),
  /** The most users this option covers (its band's ceiling); null when it is not counted in users. */
  users: z.number().int().nullable(),
  priceText: z.string(),
  price: z.number(),
  note: z.string().optional(),
});
export type PlanOption = z.infer<typeof planOptionSchema>;

/** A membership level and the seats it gives. */
export const seatLevelSchema = z.object({ id: z.number().int(), seats: z.number().int().positive() });
export type SeatLevel = z.infer<typeof seatLevelSchema>;
