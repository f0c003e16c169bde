import { SoakClient, type Action, type Answer, type Outcome } from "./http-client";
import type { Person, SoakData } from "./seed-soak";

/*
 * Mixed traffic from virtual users, each a signed-in member in a loop with
 * no think time: page views, searches, sign-ins, saved resources, notes and
 * seat claims (a teacher of the soak school, signed in for the claim). A
 * write counts as acknowledged only when the server answered it with
 * success; the ledger keeps exactly those, to be looked for in the database
 * afterwards.
 */

/** What the server acknowledged, and what was attempted without an acknowledgement. */
export interface WriteLedger {
  /** `${memberId}:${resourceId}` saved with an answer of 200 {success: true}. */
  saves: Set<string>;
  saveAttempts: number;
  /** `${memberId}:${activityId}` → the highest note number acknowledged (contents are "soak note #<n>"). */
  notes: Map<string, number>;
  noteAttempts: number;
  noteAcknowledged: number;
  /** Claimant ids whose claim was answered 201 (joined) or 200 (already joined). */
  claims: Set<number>;
  claimAttempts: number;
  /** Claims refused with 409: no seat left. */
  claimsRefusedFull: number;
}

export const noteContent = (n: number) => `soak note #${n}`;

/** The answers that are the app working as designed, per action; anything else is an error. */
export function isExpected(outcome: Outcome): boolean {
  if (outcome.status >= 200 && outcome.status < 400) return true;
  return outcome.action === "seat claim" && outcome.status === 409;
}

const pages = ["/", "/whats-on/", "/resources/", "/resources/?key_stage=ks3&subject=drama", "/account/my-account/"];
const searches = ["/search/?query=macbeth", "/search/?query=drama", "/search/autocomplete/?query=mac", "/account/school-search/?query=oak"];
/** Action weights out of 100. */
const mix: [Action, number][] = [
  ["page view", 34],
  ["search", 20],
  ["save resource", 16],
  ["write note", 16],
  ["seat claim", 8],
  ["sign-in", 6],
];

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

function pickAction(): Action {
  let roll = Math.random() * 100;
  for (const [action, weight] of mix) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return "page view";
}

const succeeded = (answer: Answer) => answer.status === 200 && answer.body.includes('"success":true');
/** A client that got no usable answer pauses a moment before its next request, as a person would (no tight loop against a server that is down). */
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 250));
const failed = (answer: Answer) => answer.status === 0 || answer.status >= 500;

async function signIn(client: SoakClient, person: Person, password: string): Promise<boolean> {
  client.forget();
  const page = await client.loadToken("sign-in");
  if (page.status !== 200 || !client.csrfToken) return false;
  const login = await client.postJson("sign-in", "/account/login/", { email: person.email, password, next: "/account/my-account/" });
  if (login.status !== 200) return false;
  // The token lives in the session, which sign-in renews.
  const after = await client.loadToken("sign-in");
  return after.status === 200;
}

export interface TrafficOptions {
  baseUrl: string;
  data: SoakData;
  users: number;
  deadline: number;
  record: (outcome: Outcome) => void;
}

export async function runTraffic(options: TrafficOptions): Promise<WriteLedger> {
  const { baseUrl, data, deadline, record } = options;
  const ledger: WriteLedger = {
    saves: new Set(),
    saveAttempts: 0,
    notes: new Map(),
    noteAttempts: 0,
    noteAcknowledged: 0,
    claims: new Set(),
    claimAttempts: 0,
    claimsRefusedFull: 0,
  };
  // Teachers waiting to claim a seat; one whose claim got no answer goes back in the queue (a claim is idempotent: 200 when already joined).
  const waitingClaimants = [...data.claimants];
  let noteNumber = 0;

  const claimSeat = async (): Promise<void> => {
    const claimant = waitingClaimants.shift();
    if (!claimant) return;
    const client = new SoakClient(baseUrl, record);
    if (!(await signIn(client, claimant, data.password))) {
      waitingClaimants.push(claimant);
      return pause();
    }
    ledger.claimAttempts++;
    const answer = await client.postJson("seat claim", "/account/manual-benefit-usage/", {
      Benefit: { Id: data.userSeatBenefitId, Inactive: false, MembershipOrganization: { Id: 1 }, Type: { Id: -2 }, PremiumId: null },
      Constituent: { Id: claimant.id },
      Membership: { Id: data.school.membershipId },
      TotalCount: 1,
      UsedDateTime: new Date().toISOString(),
    });
    if (answer.status === 201 || answer.status === 200) ledger.claims.add(claimant.id);
    else if (answer.status === 409) ledger.claimsRefusedFull++;
    else {
      waitingClaimants.push(claimant);
      if (failed(answer)) await pause();
    }
  };

  const virtualUser = async (index: number): Promise<void> => {
    const me = data.members[index % data.members.length]!;
    const client = new SoakClient(baseUrl, record);
    let signedIn = false;
    while (Date.now() < deadline) {
      if (!signedIn) {
        signedIn = await signIn(client, me, data.password);
        if (!signedIn) await pause();
        continue;
      }
      const action = pickAction();
      let answer: Answer | undefined;
      switch (action) {
        case "page view":
          answer = await client.get(action, pick(pages));
          break;
        case "search":
          answer = await client.get(action, pick(searches), "application/json, text/html");
          break;
        case "save resource": {
          const resource = pick(data.resources);
          ledger.saveAttempts++;
          answer = await client.postJson(action, "/account/save-resource/", { resource_id: resource.id, resource_type: resource.type, to_save: true });
          if (succeeded(answer)) ledger.saves.add(`${me.id}:${resource.id}`);
          break;
        }
        case "write note": {
          const activityId = pick(data.activityIds);
          const n = ++noteNumber;
          ledger.noteAttempts++;
          answer = await client.postJson(action, `/resources/notes/${activityId}/save/`, { content: noteContent(n) });
          if (succeeded(answer)) {
            ledger.noteAcknowledged++;
            const key = `${me.id}:${activityId}`;
            ledger.notes.set(key, Math.max(n, ledger.notes.get(key) ?? 0));
          }
          break;
        }
        case "seat claim":
          await claimSeat();
          break;
        case "sign-in":
          await client.postJson(action, "/account/logout/", {});
          signedIn = await signIn(client, me, data.password);
          break;
      }
      if (answer && (answer.status === 401 || answer.status === 403)) signedIn = false; // start again from the sign-in page
      if (answer && failed(answer)) await pause();
    }
  };

  await Promise.all(Array.from({ length: options.users }, (_, index) => virtualUser(index)));
  return ledger;
}
