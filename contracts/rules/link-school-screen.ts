/**
 * What the wizard paints first for a signed-in person (accounts spec, section
 * 2), said once: its Close link and the Link your school screen where it
 * starts. The widget shows them (widgets/register-wizard/RegisterWizard.tsx,
 * strings.ts); the register page shows the same lines while the widget's code
 * loads (macros/register-wizard.njk), so they are in the server's first paint
 * and the widget's screen takes their place without moving them.
 */
export const WIZARD_CLOSE = { label: "Close", href: "/" } as const;

export const LINK_SCHOOL_SCREEN = {
  /** Its step's name, in the wizard's machine and in a step's address (?step=). */
  step: "schoolTypeAndSearch",
  title: "Link your school",
  intro: "Tell us what kind of school you teach at, then find it by name, postcode or URN.",
} as const;
