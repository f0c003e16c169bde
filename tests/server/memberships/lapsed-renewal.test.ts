import { renewalFor, type RenewalSources } from "../../../server/memberships/lapsed-renewal";
import type { SelectedSchool } from "../../../server/schools/seats/selected-school";
import { renewalSchema } from "../../../contracts/shapes/renewal";
import { parseRenewal } from "../../../widgets/register-wizard/parse";

const now = new Date("2026-11-27T09:00:00Z");
const school = (type: SelectedSchool["type"]) => ({ name: "St Catherine's College", type, constituentId: 9000004 }) as SelectedSchool;

function sources(overrides: Partial<RenewalSources> = {}): RenewalSources {
  return {
    ownMemberships: async () => [],
    schoolTab: async () => undefined,
    schoolCheck: async () => school("independent-school"),
    membershipSummary: async () => ({ details: null, expired: { ExpirationDateTime: "2026-09-01T10:00:00Z" } as never }),
    ...overrides,
  };
}

describe("renewalFor: what the wizard starts by renewing", () => {
  it("a lapsed individual: the individual plans, with the London date it ended", async () => {
    const lapsed = sources({ ownMemberships: async () => [{ expires_at: "2026-10-03T12:00:00Z" }] });
    expect(await renewalFor(lapsed, 7, now)).toEqual({ kind: "individual", endedOn: "3 October 2026", pathway: "individual", school: null });
  });

  it("a valid individual membership, or none at all: nothing to renew", async () => {
    expect(await renewalFor(sources({ ownMemberships: async () => [{ expires_at: "2027-10-03T12:00:00Z" }] }), 7, now)).toBeUndefined();
    expect(await renewalFor(sources(), 7, now)).toBeUndefined();
  });

  it("the admin of a lapsed independent or international school: its plans", async () => {
    const admin = sources({ schoolTab: async () => ({ schoolId: 9000004, isAdmin: true, membership: undefined }) });
    expect(await renewalFor(admin, 7, now)).toEqual({ kind: "school", endedOn: "1 September 2026", pathway: "independent-school", school: school("independent-school") });
  });

  it("a lapsed school's user, or a lapsed state school's admin (free again through the usual path): not a school renewal", async () => {
    expect(await renewalFor(sources({ schoolTab: async () => ({ schoolId: 9000004, isAdmin: false, membership: undefined }) }), 7, now)).toBeUndefined();
    const stateAdmin = sources({ schoolTab: async () => ({ schoolId: 9000001, isAdmin: true, membership: undefined }), schoolCheck: async () => school("state") });
    expect(await renewalFor(stateAdmin, 7, now)).toBeUndefined();
  });

  it("a member through a valid school seat is not lapsed, whatever an old individual membership says", async () => {
    const seated = sources({ schoolTab: async () => ({ schoolId: 9000001, isAdmin: false, membership: { id: 1, expires: "1 August 2027" } }), ownMemberships: async () => [{ expires_at: "2026-10-03T12:00:00Z" }] });
    expect(await renewalFor(seated, 7, now)).toBeUndefined();
  });

  it("answers the one shape both sides use: the contract's schema accepts it, and the widget reads back what the server wrote", async () => {
    const full: SelectedSchool = {
      name: "St Catherine's College", addressLine1: "1 Chapel Row", addressLine2: "", addressLine3: "", city: "Bath", state: null, county: null,
      postalCode: "BA1 1AA", country: 1, type: "international", URN: "9000004", constituentId: 9000004, membershipDetails: null,
      totalAvailable: 0, benefitUsage: 0, hasAdmin: true,
    };
    const admin = sources({ schoolTab: async () => ({ schoolId: 9000004, isAdmin: true, membership: undefined }), schoolCheck: async () => full });
    const lapsedSchool = await renewalFor(admin, 7, now);
    expect(renewalSchema.parse(lapsedSchool)).toEqual(lapsedSchool);
    expect(parseRenewal(JSON.stringify(lapsedSchool))).toEqual(lapsedSchool);
    const lapsed = sources({ ownMemberships: async () => [{ expires_at: "2026-10-03T12:00:00Z" }] });
    const individual = await renewalFor(lapsed, 7, now);
    expect(renewalSchema.parse(individual)).toEqual(individual);
    expect(parseRenewal(JSON.stringify(individual))).toEqual(individual);
  });

  describe("early, from a membership reminder's link (?renew=)", () => {
    it("a current individual membership: its plans, with the London date it ends, even with a school seat", async () => {
      const current = sources({
        ownMemberships: async () => [{ expires_at: "2026-12-04T12:00:00Z" }],
        schoolTab: async () => ({ schoolId: 9000001, isAdmin: false, membership: { id: 1, expires: "1 August 2027" } }),
      });
      const early = await renewalFor(current, 7, now, "individual");
      expect(early).toEqual({ kind: "individual", endedOn: null, endsOn: "4 December 2026", pathway: "individual", school: null });
      expect(renewalSchema.parse(early)).toEqual(early);
      expect(parseRenewal(JSON.stringify(early))).toEqual(early);
      // Without the link, a current member renews nothing.
      expect(await renewalFor(current, 7, now)).toBeUndefined();
    });

    it("the admin of a paid school with a current membership: the school's plans, with the date it ends", async () => {
      const admin = sources({ schoolTab: async () => ({ schoolId: 9000004, isAdmin: true, membership: { id: 3, expires: "20 December 2026" } }) });
      const early = await renewalFor(admin, 7, now, "school");
      expect(early).toEqual({ kind: "school", endedOn: null, endsOn: "20 December 2026", pathway: "independent-school", school: school("independent-school") });
      expect(parseRenewal(JSON.stringify(early))).toEqual(early);
    });

    it("not for a school's user, a state school's admin, or someone with nothing current", async () => {
      const user = sources({ schoolTab: async () => ({ schoolId: 9000004, isAdmin: false, membership: { id: 3, expires: "20 December 2026" } }) });
      expect(await renewalFor(user, 7, now, "school")).toBeUndefined();
      const stateAdmin = sources({ schoolTab: async () => ({ schoolId: 9000001, isAdmin: true, membership: { id: 3, expires: "20 December 2026" } }), schoolCheck: async () => school("state") });
      expect(await renewalFor(stateAdmin, 7, now, "school")).toBeUndefined();
      expect(await renewalFor(sources(), 7, now, "individual")).toBeUndefined();
    });
  });
});
