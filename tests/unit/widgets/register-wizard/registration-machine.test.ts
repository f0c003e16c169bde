import { createActor } from "xstate";
import { registrationMachine, type RegistrationEvent, type RegistrationInput } from "../../../../widgets/register-wizard/registration-machine";
import { registrationSteps } from "../../../../widgets/register-wizard/steps";

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
});
