import { createActor } from "xstate";
import { registrationMachine, type RegistrationEvent, type RegistrationInput } from "../../../../widgets/register-wizard/registration-machine";
import { pathwayKeys, pathways } from "../../../../widgets/register-wizard/pathways";
import { registrationSteps, stepAfter, stepBefore } from "../../../../widgets/register-wizard/steps";
import { selectedSchool } from "../../../support/selected-school";

const oakfield = selectedSchool();

function wizard(input: RegistrationInput = {}, ...events: RegistrationEvent[]) {
  const actor = createActor(registrationMachine, { input }).start();
  for (const event of events) actor.send(event);
  return actor;
}

const state = (actor: ReturnType<typeof wizard>) => actor.getSnapshot().value;

describe("registration machine", () => {
  it("has every screen of the spec as a state, starting at lookupAccount", () => {
    expect(Object.keys(registrationMachine.root.states).sort()).toEqual([...registrationSteps].sort());
    expect(state(wizard())).toBe("lookupAccount");
  });

  it("starts the context with the spec's defaults", () => {
    expect(wizard().getSnapshot().context).toEqual({
      email: "",
      firstname: "",
      lastname: "",
      phoneNumber: "",
      numberOfUsers: 1,
      pathway: null,
      pathwaySteps: [],
      selectedSchool: null,
      constituentId: null,
      constituentRecord: null,
      sessionData: null,
    });
  });

  describe("START", () => {
    it("goes to schoolTypeAndSearch when the constituent id is known", () => {
      expect(state(wizard({ constituentId: 42 }, { type: "START" }))).toBe("schoolTypeAndSearch");
    });

    it("stays at lookupAccount otherwise", () => {
      expect(state(wizard({}, { type: "START" }))).toBe("lookupAccount");
    });
  });

  it("SIGN_UP_VIA_TOKEN goes to createAccount with the email", () => {
    const actor = wizard({}, { type: "SIGN_UP_VIA_TOKEN", email: "invited@school.example" });
    expect(state(actor)).toBe("createAccount");
    expect(actor.getSnapshot().context.email).toBe("invited@school.example");
  });

  it("EMAIL_CHOSEN keeps the lookup's email without moving", () => {
    const actor = wizard({}, { type: "EMAIL_CHOSEN", email: "new@school.example" });
    expect(state(actor)).toBe("lookupAccount");
    expect(actor.getSnapshot().context.email).toBe("new@school.example");
  });

  describe("PATHWAY_CHOSEN", () => {
    it("sets the pathway and its steps", () => {
      const { context } = wizard({ constituentId: 1 }, { type: "START" }, { type: "PATHWAY_CHOSEN", pathway: "state-school" }).getSnapshot();
      expect(context.pathway).toBe("state-school");
      expect(context.pathwaySteps).toEqual(["schoolTypeAndSearch", "confirmSchool", "invalidEmail", "offerAdminStatus"]);
    });

    it("ignores a pathway that does not exist", () => {
      const { context } = wizard({}, { type: "PATHWAY_CHOSEN", pathway: "boarding-school" }).getSnapshot();
      expect(context.pathway).toBeNull();
      expect(context.pathwaySteps).toEqual([]);
    });
  });

  describe("NEXT_STEP and BACK", () => {
    it("walk lookupAccount, createAccount, then the pathway's steps, and past the end to done", () => {
      const actor = wizard({}, { type: "PATHWAY_CHOSEN", pathway: "independent-school" });
      const visited = [state(actor)];
      for (let step = 0; step < 4; step += 1) {
        actor.send({ type: "NEXT_STEP" });
        visited.push(state(actor));
      }
      expect(visited).toEqual(["lookupAccount", "createAccount", "schoolTypeAndSearch", "contactSupport", "done"]);
      expect(actor.getSnapshot().status).toBe("done");
    });

    it("with no pathway yet, createAccount's next is done", () => {
      expect(state(wizard({}, { type: "NEXT_STEP" }, { type: "NEXT_STEP" }))).toBe("done");
    });

    it("BACK retraces the path and stays at lookupAccount", () => {
      const actor = wizard({}, { type: "PATHWAY_CHOSEN", pathway: "state-school" }, { type: "NEXT_STEP" }, { type: "NEXT_STEP" }, { type: "NEXT_STEP" });
      expect(state(actor)).toBe("confirmSchool");
      const visited: unknown[] = [];
      for (let step = 0; step < 4; step += 1) {
        actor.send({ type: "BACK" });
        visited.push(state(actor));
      }
      expect(visited).toEqual(["schoolTypeAndSearch", "createAccount", "lookupAccount", "lookupAccount"]);
    });

    it("NEXT_STEP can be forced to a named step, on or off the path", () => {
      const actor = wizard({ constituentId: 3 }, { type: "START" }, { type: "NEXT_STEP", step: "contactYourAdmin" });
      expect(state(actor)).toBe("contactYourAdmin");
      actor.send({ type: "NEXT_STEP", step: "confirmSubscriptionIndividual" });
      expect(state(actor)).toBe("confirmSubscriptionIndividual");
    });

    it("from a step off the path, BACK returns to the pathway's first step and NEXT_STEP finishes", () => {
      const detour = () =>
        wizard({}, { type: "PATHWAY_CHOSEN", pathway: "international" }, { type: "NEXT_STEP", step: "contactYourAdmin" });
      const back = detour();
      back.send({ type: "BACK" });
      expect(state(back)).toBe("schoolTypeAndSearch");
      const next = detour();
      next.send({ type: "NEXT_STEP" });
      expect(state(next)).toBe("done");
    });
  });

  describe("payment", () => {
    it("PAYMENT_PROCESS goes to paymentProcessing when the constituent id exists", () => {
      expect(state(wizard({ constituentId: 9 }, { type: "START" }, { type: "PAYMENT_PROCESS" }))).toBe("paymentProcessing");
    });

    it("SIGNED_IN (sign-up on this page) makes the user known, so PAYMENT_PROCESS goes on to paymentProcessing", () => {
      const actor = wizard({}, { type: "SIGNED_IN", constituentId: 31 }, { type: "PAYMENT_PROCESS" });
      expect(actor.getSnapshot().context.constituentId).toBe(31);
      expect(state(actor)).toBe("paymentProcessing");
    });

    it("PAYMENT_PROCESS without a constituent id goes to somethingWentWrongWithPayment", () => {
      expect(state(wizard({}, { type: "PAYMENT_PROCESS" }))).toBe("somethingWentWrongWithPayment");
    });

    it("PAYMENT_COMPLETE goes to done, which is final", () => {
      const actor = wizard({ constituentId: 9 }, { type: "PAYMENT_PROCESS" }, { type: "PAYMENT_COMPLETE" });
      expect(state(actor)).toBe("done");
      actor.send({ type: "BACK" });
      expect(state(actor)).toBe("done");
    });
  });

  describe("every screen", () => {
    // The screens list only the steps NEXT_STEP and BACK can reach from them: each still lands where stepAfter and stepBefore say.
    const screens = registrationSteps.filter((step) => step !== "done");
    const stepLists: [string, string | null][] = [["no pathway", null], ...pathwayKeys.map((key): [string, string] => [key, key])];
    it.each(stepLists)("%s: NEXT_STEP from each screen goes to stepAfter, BACK to stepBefore", (_name, pathway) => {
      const steps = pathway ? pathways[pathway as keyof typeof pathways].steps : [];
      const at = (step: (typeof screens)[number]) => wizard({ constituentId: 5 }, { type: "RESUME", pathway, school: null, step });
      for (const step of screens) {
        const next = at(step);
        expect(state(next)).toBe(step);
        next.send({ type: "NEXT_STEP" });
        expect(state(next)).toBe(stepAfter(step, steps));
        const back = at(step);
        back.send({ type: "BACK" });
        expect(state(back)).toBe(stepBefore(step, steps));
      }
    });
  });

  describe("every pathway", () => {
    it.each(pathwayKeys)("%s: walks from schoolTypeAndSearch through its own steps to done, and back", (key) => {
      const actor = wizard({ constituentId: 5 }, { type: "START" }, { type: "PATHWAY_CHOSEN", pathway: key });
      const visited = [state(actor)];
      for (let step = 0; step < pathways[key].steps.length; step += 1) {
        actor.send({ type: "NEXT_STEP" });
        visited.push(state(actor));
      }
      expect(visited).toEqual([...pathways[key].steps, "done"]);
      const back = wizard({ constituentId: 5 }, { type: "START" }, { type: "PATHWAY_CHOSEN", pathway: key }, { type: "NEXT_STEP" }, { type: "BACK" });
      expect(state(back)).toBe("schoolTypeAndSearch");
    });
  });

  describe("school choice", () => {
    it("SCHOOL_CHOSEN keeps the school, and null clears it, without moving", () => {
      const actor = wizard({ constituentId: 5 }, { type: "START" }, { type: "SCHOOL_CHOSEN", school: oakfield });
      expect(actor.getSnapshot().context.selectedSchool).toEqual(oakfield);
      actor.send({ type: "SCHOOL_CHOSEN", school: null });
      expect(actor.getSnapshot().context.selectedSchool).toBeNull();
      expect(state(actor)).toBe("schoolTypeAndSearch");
    });

    it("PATHWAY_CLEARED clears pathway, its steps and the school", () => {
      const { context } = wizard(
        { constituentId: 5 },
        { type: "START" },
        { type: "PATHWAY_CHOSEN", pathway: "state-school" },
        { type: "SCHOOL_CHOSEN", school: oakfield },
        { type: "PATHWAY_CLEARED" },
      ).getSnapshot();
      expect(context).toMatchObject({ pathway: null, pathwaySteps: [], selectedSchool: null });
    });
  });

  describe("RESUME", () => {
    it("restores pathway, steps, school and email, at the given step, for a signed-in user", () => {
      const actor = wizard({ constituentId: 5 }, { type: "START" }, { type: "RESUME", pathway: "state-school", school: oakfield, step: "confirmSchool", email: "a@oakfield.sch.uk" });
      expect(state(actor)).toBe("confirmSchool");
      expect(actor.getSnapshot().context).toMatchObject({
        pathway: "state-school",
        pathwaySteps: pathways["state-school"].steps,
        selectedSchool: oakfield,
        email: "a@oakfield.sch.uk",
      });
      actor.send({ type: "NEXT_STEP" });
      expect(state(actor)).toBe("invalidEmail");
    });

    it("ignores a school step when nobody is signed in", () => {
      const actor = wizard({}, { type: "RESUME", pathway: "state-school", school: oakfield, step: "confirmSchool" });
      expect(state(actor)).toBe("lookupAccount");
      expect(actor.getSnapshot().context.selectedSchool).toBeNull();
    });

    it("may resume at createAccount when signed out, keeping the email", () => {
      const actor = wizard({}, { type: "RESUME", pathway: null, school: null, step: "createAccount", email: "new@example.org" });
      expect(state(actor)).toBe("createAccount");
      expect(actor.getSnapshot().context.email).toBe("new@example.org");
    });

    it("drops an unknown pathway", () => {
      const { context } = wizard({ constituentId: 5 }, { type: "RESUME", pathway: "boarding-school", school: null, step: "schoolTypeAndSearch" }).getSnapshot();
      expect(context.pathway).toBeNull();
      expect(context.pathwaySteps).toEqual([]);
    });
  });
});
