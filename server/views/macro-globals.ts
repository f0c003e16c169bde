import type nunjucks from "nunjucks";
import { registerWizardAttributes } from "../../contracts/rules/register-wizard-settings";
import { LINK_SCHOOL_SCREEN, WIZARD_CLOSE } from "../../contracts/rules/link-school-screen";
import { PASSWORD_HINT, PASSWORD_MINIMUM_LENGTH } from "../../contracts/rules/password-policy";
import { personalPart } from "./personal-parts";

/**
 * The globals the macros in templates/macros/ call, and nothing that needs a
 * request or the site's address: the site's views add them (nunjucks.ts), and
 * so do the tests that render a macro on its own, so both render the same.
 */
export function addMacroGlobals(env: nunjucks.Environment): nunjucks.Environment {
  // One password rule for every new-password field (contracts/rules/password-policy.ts): its hint and length.
  env.addGlobal("passwordPolicy", { hint: PASSWORD_HINT, minimumLength: PASSWORD_MINIMUM_LENGTH });
  // The register wizard's data-* attributes, from the schema its widget reads (macros/register-wizard.njk).
  env.addGlobal("registerWizardAttributes", registerWizardAttributes);
  // The wizard's Close link and its Link your school heading and intro, which the register page shows while the widget loads.
  env.addGlobal("wizardClose", WIZARD_CLOSE);
  env.addGlobal("linkSchoolScreen", LINK_SCHOOL_SCREEN);
  // A member's own part of a page: rendered as usual, or a marker in the page every member shares (personal-parts.ts).
  env.addGlobal("personalPart", personalPart);
  return env;
}
