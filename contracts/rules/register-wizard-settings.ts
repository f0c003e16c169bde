import { dataAttributes, type OptionSchema, type OptionValues } from "./widget-options";

/**
 * The register wizard's data-* settings (accounts spec, section 2), the one
 * definition: the widget reads them (widgets/register-wizard/parse.ts), the
 * register page writes them (server/routes/account-register.ts, through the
 * `registerWizardAttributes` template global in the registerWizardRoot macro).
 */
export const registerWizardOptions = {
  next: { type: "string", default: null },
  /** The signed-in user's id. */
  constituentId: { type: "number", default: null, min: 0 },
  email: { type: "string", default: "" },
  returnUrl: { type: "string", default: null },
  linkSchool: { type: "boolean", default: false },
  paymentStatus: { type: "string", default: null },
  sessionId: { type: "string", default: null },
  emailDomainKeywordId: { type: "number", default: null, min: 0 },
  userSeatBenefitId: { type: "number", default: null, min: 0 },
  adminSeatBenefitId: { type: "number", default: null, min: 0 },
  supportEmail: { type: "string", default: "" },
  fundId: { type: "number", default: null, min: 0 },
  individualLevelId: { type: "number", default: null, min: 0 },
  /** The individual monthly plan's own level (server/crm/crm-ids.ts, individualMonthly); left out, the monthly plan is bought at individualLevelId. */
  individualMonthlyLevelId: { type: "number", default: null, min: 0 },
} as const satisfies OptionSchema;

/** The settings written as JSON, each with its own lenient reader in the widget: data-resume, data-renewal, data-plans, data-seat-levels. */
export const registerWizardJsonSettings = ["resume", "renewal", "plans", "seatLevels"] as const;

export type RegisterWizardSettings = OptionValues<typeof registerWizardOptions> & {
  [Key in (typeof registerWizardJsonSettings)[number]]?: unknown;
};

/** The wizard root's data-* attributes for these settings (data-widget aside). */
export function registerWizardAttributes(settings: RegisterWizardSettings): Record<string, string> {
  return dataAttributes(registerWizardOptions, registerWizardJsonSettings, settings);
}
